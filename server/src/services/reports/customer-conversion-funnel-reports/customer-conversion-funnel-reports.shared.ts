import { clientService } from '../../../client-service'
import type { CustomerConversionFunnelReportsService } from './customer-conversion-funnel-reports.class'
import { funnelSteps, type FunnelStep } from '../../../../../domain/reports/customer-reports'

/**
 * `customer-conversion-funnel-reports` (spec sections 2 and 6, issue 19): of the patients who
 * entered in the period (registered then), how many booked, came, were presented a treatment
 * plan, accepted one and paid, per source and branch. Definitions: docs/decisions/reports.md.
 * Find only; permission of resource `customer-reports` (the spec's list of resources has no
 * funnel of its own), module `reports`. `$rows: <step>` answers the patients at a step.
 */
export const customerConversionFunnelReportsPath = 'customer-conversion-funnel-reports'
export const customerConversionFunnelReportsMethods = ['find'] as const
export type CustomerConversionFunnelReportsClientService = Pick<CustomerConversionFunnelReportsService, (typeof customerConversionFunnelReportsMethods)[number]>

export { funnelSteps, type FunnelStep }
export type FunnelCounts = Record<FunnelStep, number>

/** A line of a table: a source (null: none recorded) or a branch, and its steps. */
export interface FunnelLine extends FunnelCounts {
  key: string | null
  /** The source's name ('' for a branch: the screen has the names). */
  name: string
}

export interface FunnelReport {
  from: string
  to: string
  branchId: string | null
  doctorId: string | null
  sourceId: string | null
  /** Patients at each step (each step a part of the one before). */
  totals: FunnelCounts
  bySource: FunnelLine[]
  byBranch: FunnelLine[]
  /** Each step's definition, as a text key (`reports.funnel.formulas.<step>`). */
  formulas: Record<FunnelStep, string>
}

/** A patient at a step: when and where they entered, and their first visit ever. */
export interface FunnelRow {
  /** The customer's id. */
  _id: string
  customerName: string
  /** null when phone protection hides it from the caller. */
  phone: string | null
  phoneHidden: boolean
  /** The company-local day registered. */
  day: string
  branchId: string
  sourceId: string | null
  sourceName: string
  firstVisit: string | null
  firstVisitDoctorName: string
  value: number
}

export interface FunnelRows {
  step: FunnelStep
  from: string
  to: string
  /** Every matching patient (not only those sent): the step's count. */
  sum: number
  total: number
  limit: number
  data: FunnelRow[]
}

export const customerConversionFunnelReportsClient = clientService<CustomerConversionFunnelReportsClientService>()(customerConversionFunnelReportsPath, customerConversionFunnelReportsMethods)
