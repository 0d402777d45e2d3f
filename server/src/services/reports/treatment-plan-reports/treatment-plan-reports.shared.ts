import { clientService } from '../../../client-service'
import type { TreatmentPlanReportsService } from './treatment-plan-reports.class'
import { itemFigures, planFigures, treatmentPlanFigures, type ItemFigure, type PlanFigure, type TreatmentPlanFigure } from '../../../../../domain/reports/treatment-plan-reports'
import type { StoredPlanStatus } from '../../../../../domain/clinical/treatment-plans'

/**
 * `treatment-plan-reports` (issue 19, item 1; PRODUCT-NOTES §6.3 items 10 and 11): treatment
 * plans presented, accepted, done and rejected (count and value) by presenting doctor and
 * branch, and the accepted items not done with no visit ahead (the treatment finder).
 * Definitions: docs/decisions/reports.md. Find only; permission of the spec's `reports` resource
 * (view; seeAll for every doctor's plans), module `reports`. `$rows: <figure>` answers the plans
 * (plan figures) or items (item figures) behind a figure.
 */
export const treatmentPlanReportsPath = 'treatment-plan-reports'
export const treatmentPlanReportsMethods = ['find'] as const
export type TreatmentPlanReportsClientService = Pick<TreatmentPlanReportsService, (typeof treatmentPlanReportsMethods)[number]>

export { itemFigures, planFigures, treatmentPlanFigures, type ItemFigure, type PlanFigure, type TreatmentPlanFigure }

/** A figure: how many plans (or items) and their value in minor units. */
export interface PlanFigureValue {
  count: number
  value: number
}
export type PlanFigureValues = Record<TreatmentPlanFigure, PlanFigureValue>

/** A line of a table: a presenting doctor or a branch, and its figures. */
export interface PlanReportLine extends PlanFigureValues {
  key: string
  /** The doctor's name ('' for a branch: the screen has the names). */
  name: string
}

export interface TreatmentPlanReport {
  from: string
  to: string
  branchId: string | null
  doctorId: string | null
  totals: PlanFigureValues
  byDoctor: PlanReportLine[]
  byBranch: PlanReportLine[]
  /** Each figure's definition, as a text key (`reports.plans.formulas.<figure>`). */
  formulas: Record<TreatmentPlanFigure, string>
}

/** A plan (plan figures) or one of its items (item figures) behind a figure. */
export interface TreatmentPlanReportRow {
  /** The plan's id, or the item's. */
  _id: string
  planId: string
  planTitle: string
  status: StoredPlanStatus
  customerId: string
  customerName: string
  /** null when phone protection hides it from the caller. */
  phone: string | null
  phoneHidden: boolean
  /** The plan's consultation day (company-local). */
  day: string
  /** Whole days from the consultation day to today. */
  daysSince: number
  /** The presenting doctor (the plan's). */
  doctorId: string
  doctorName: string
  branchId: string
  /** Items: the service; plans: ''. */
  serviceName: string
  /** Items: the teeth ("36, 46"); plans: ''. */
  teeth: string
  /** Items: the quantity; plans: the number of valued items. */
  quantity: number
  /** Items: the visit ahead booked for its phase (itemsScheduled), else null. */
  visitStart: string | null
  /** Minor units: the item's amount, or the plan's value. */
  value: number
}

export interface TreatmentPlanReportRows {
  figure: TreatmentPlanFigure
  from: string
  to: string
  /** Σ value of every matching row (not only those sent): the figure's value. */
  sum: number
  /** Every matching row: the figure's count. */
  total: number
  limit: number
  data: TreatmentPlanReportRow[]
}

export const treatmentPlanReportsClient = clientService<TreatmentPlanReportsClientService>()(treatmentPlanReportsPath, treatmentPlanReportsMethods)
