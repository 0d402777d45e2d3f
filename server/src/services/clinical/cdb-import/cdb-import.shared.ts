import { clientService } from '../../../client-service'
import type { CdbImportData, CdbImportResult, CdbImportService } from './cdb-import.class'

export type { CdbImportData, CdbImportResult }

/**
 * `cdb-import`: `create({ csv })` adds the company's own complaints from a CSV file with a header
 * line naming its columns: a title per language `ru`, `en`, `uz`, `fi` (at least one per line)
 * and `icd` (optional: ICD codes separated by spaces, `|` or `;`). All or nothing, as `icd-import`.
 */
export const cdbImportPath = 'cdb-import'
export const cdbImportMethods = ['create'] as const
export type CdbImportClientService = Pick<CdbImportService, (typeof cdbImportMethods)[number]>

export const cdbImportClient = clientService<CdbImportClientService>()(cdbImportPath, cdbImportMethods)
