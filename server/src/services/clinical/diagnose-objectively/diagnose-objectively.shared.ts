import { clientService } from '../../../client-service'
import type { DiagnoseObjectively, DiagnoseObjectivelyData, DiagnoseObjectivelyPatch, DiagnoseObjectivelyQuery, DiagnoseObjectivelyService } from './diagnose-objectively.class'

export type { DiagnoseObjectively, DiagnoseObjectivelyData, DiagnoseObjectivelyPatch, DiagnoseObjectivelyQuery }

/** The spec's path (section 7): the per-tooth objective findings (docs/decisions/clinical-dictionaries.md). */
export const diagnoseObjectivelyPath = 'diagnose-objectively'
export const diagnoseObjectivelyMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type DiagnoseObjectivelyClientService = Pick<DiagnoseObjectivelyService, (typeof diagnoseObjectivelyMethods)[number]>

/**
 * The exam's tooth condition codes (spec section 3): the dental chart's table (domain/clinical/
 * conditions.ts) holds their meanings, colours and legend; a tooth finding names one so picking
 * it marks the chart.
 */
// A type only: the list itself stays out of the client's first bundle (the screens that pick a
// code import it from domain/clinical themselves).
export type { ConditionCode as ToothConditionCode } from '../../../../../domain/clinical/conditions'

/**
 * An ICD-10 code as the clinical dictionaries store it: a letter, two digits, and optionally a
 * dot and one or two digits ("K02", "K02.1", "S02.5"). They keep codes, not ids of the `icd`
 * service's records, so they stand on their own and read the same in every company.
 */
export const ICD_CODE_PATTERN = '^[A-Z][0-9]{2}(\\.[0-9]{1,2})?$'

export const diagnoseObjectivelyClient = clientService<DiagnoseObjectivelyClientService>()(diagnoseObjectivelyPath, diagnoseObjectivelyMethods)
