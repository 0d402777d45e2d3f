import { clientService } from '../../../client-service'
import type { OdbImportData, OdbImportResult, OdbImportService } from './odb-import.class'

export type { OdbImportData, OdbImportResult }

/**
 * `odb-import`: `create({ csv })` adds the company's own objective findings from a CSV file whose header line
 * names its columns: `part` (optional: the part of the examination; a new one is added) and `name`. All or nothing, as `icd-import`.
 */
export const odbImportPath = 'odb-import'
export const odbImportMethods = ['create'] as const
export type OdbImportClientService = Pick<OdbImportService, (typeof odbImportMethods)[number]>

export const odbImportClient = clientService<OdbImportClientService>()(odbImportPath, odbImportMethods)
