import { clientService } from '../../../client-service'
import type { ManipulationsImportData, ManipulationsImportResult, ManipulationsImportService } from './manipulations-import.class'

export type { ManipulationsImportData, ManipulationsImportResult }

/**
 * `manipulations-import`: `create({ csv })` adds the company's own manipulations from a CSV file whose header line
 * names its columns: `name`, optional `code` (nomenclature code) and `uet` (labour units, "1,5"). All or nothing, as `icd-import`.
 */
export const manipulationsImportPath = 'manipulations-import'
export const manipulationsImportMethods = ['create'] as const
export type ManipulationsImportClientService = Pick<ManipulationsImportService, (typeof manipulationsImportMethods)[number]>

export const manipulationsImportClient = clientService<ManipulationsImportClientService>()(manipulationsImportPath, manipulationsImportMethods)
