import { clientService } from '../../../client-service'
import type { DiagnoseObjectivelyImportData, DiagnoseObjectivelyImportResult, DiagnoseObjectivelyImportService } from './diagnose-objectively-import.class'

export type { DiagnoseObjectivelyImportData, DiagnoseObjectivelyImportResult }

/**
 * `diagnose-objectively-import`: `create({ csv })` adds the company's own tooth findings from a CSV file whose header line
 * names its columns: `name`, optional `condition` (a chart condition code) and `icd` (an ICD-10 code). All or nothing, as `icd-import`.
 */
export const diagnoseObjectivelyImportPath = 'diagnose-objectively-import'
export const diagnoseObjectivelyImportMethods = ['create'] as const
export type DiagnoseObjectivelyImportClientService = Pick<DiagnoseObjectivelyImportService, (typeof diagnoseObjectivelyImportMethods)[number]>

export const diagnoseObjectivelyImportClient = clientService<DiagnoseObjectivelyImportClientService>()(diagnoseObjectivelyImportPath, diagnoseObjectivelyImportMethods)
