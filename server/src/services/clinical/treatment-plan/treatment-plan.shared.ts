import { clientService } from '../../../client-service'
import type { PlanItem, PlanPhase, TreatmentPlan, TreatmentPlanData, TreatmentPlanPatch, TreatmentPlanQuery, TreatmentPlanService } from './treatment-plan.class'

export type { PlanItem, PlanPhase, TreatmentPlan, TreatmentPlanData, TreatmentPlanPatch, TreatmentPlanQuery }

export const treatmentPlanPath = 'treatment-plan'
/**
 * No update: a plan changes by patch (contents while a draft, or one action: present, accept,
 * reject, revise, reprice, book a phase), so a stale form cannot undo an acceptance.
 */
export const treatmentPlanMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export type TreatmentPlanClientService = Pick<TreatmentPlanService, (typeof treatmentPlanMethods)[number]>

export const MAX_PLAN_PHASES = 20
export const MAX_PHASE_ITEMS = 60
export const MAX_PLAN_TITLE = 200
export const MAX_ITEM_QUANTITY = 100
export const TREATMENT_PLAN_MAX_PAGE = 200
export const treatmentPlanClient = clientService<TreatmentPlanClientService>()(treatmentPlanPath, treatmentPlanMethods)
