import { clientService } from '../../../client-service'
import type { DiagnoseObjectively, DiagnoseObjectivelyData, DiagnoseObjectivelyPatch, DiagnoseObjectivelyQuery, DiagnoseObjectivelyService } from './diagnose-objectively.class'

export type { DiagnoseObjectively, DiagnoseObjectivelyData, DiagnoseObjectivelyPatch, DiagnoseObjectivelyQuery }

/** The spec's path (section 7): the per-tooth objective findings (docs/decisions/clinical-dictionaries.md). */
export const diagnoseObjectivelyPath = 'diagnose-objectively'
export const diagnoseObjectivelyMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type DiagnoseObjectivelyClientService = Pick<DiagnoseObjectivelyService, (typeof diagnoseObjectivelyMethods)[number]>

/**
 * The exam's tooth condition codes (spec section 3). Their meanings, colours and legend are the
 * dental chart's table (domain/clinical); a tooth finding names one so picking it marks the chart.
 */
export const toothConditionCodes = ['C', 'Pl', 'D', 'P', 'Pt', 'Cr', 'AT', 'I', 'R', 'M', 'DP', 'TM'] as const
export type ToothConditionCode = (typeof toothConditionCodes)[number]

export const diagnoseObjectivelyClient = clientService<DiagnoseObjectivelyClientService>()(diagnoseObjectivelyPath, diagnoseObjectivelyMethods)
