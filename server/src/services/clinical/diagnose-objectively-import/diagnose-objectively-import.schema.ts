/** The same file as `icd-import` takes: `{ csv }`, the CSV text. */
export { csvImportDataSchema as diagnoseObjectivelyImportDataSchema } from '../icd-import/icd-import.schema'
