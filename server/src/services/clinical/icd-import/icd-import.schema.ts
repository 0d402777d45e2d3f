import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator } from '../../../validators'
import { MAX_IMPORT_CHARS } from '../icd/csv'

/** An import: the CSV file's text (the screen reads the file; the socket carries text). */
export const csvImportDataSchema = Type.Object({ csv: Type.String({ minLength: 1, maxLength: MAX_IMPORT_CHARS }) }, { $id: 'CsvImportData', additionalProperties: false })
export type CsvImportData = Static<typeof csvImportDataSchema>
export const csvImportDataValidator = getValidator(csvImportDataSchema, dataValidator)

/** What an import answers: how many entries it added. */
export interface CsvImportResult {
  created: number
}
