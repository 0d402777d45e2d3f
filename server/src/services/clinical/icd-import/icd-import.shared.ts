import { clientService } from '../../../client-service'
import type { IcdImportData, IcdImportResult, IcdImportService } from './icd-import.class'

export type { IcdImportData, IcdImportResult }

/**
 * `icd-import`: `create({ csv })` adds the company's own codes from a CSV file with a header
 * line naming its columns: `code`, `parent` (a parent's code, shipped, own or in the file;
 * optional), and a title per language `ru`, `en`, `uz`, `fi` (at least one per line). All or
 * nothing: a file with a bad line writes nothing and answers BadRequest `import-invalid` with
 * `problems: [{ line, code, column }]`.
 */
export const icdImportPath = 'icd-import'
export const icdImportMethods = ['create'] as const
export type IcdImportClientService = Pick<IcdImportService, (typeof icdImportMethods)[number]>

export const icdImportClient = clientService<IcdImportClientService>()(icdImportPath, icdImportMethods)
