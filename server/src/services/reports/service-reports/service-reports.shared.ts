import { clientService } from '../../../client-service'
import type { ServiceReportsService } from './service-reports.class'
import type { ServiceRow } from '../../service-report-filter'
import { NONE, serviceFigures, type ServiceFigure } from '../../../../../domain/reports/service-reports'

/**
 * `service-reports` (spec sections 2, 6 and 7, issue 19): per service of the catalogue and per
 * category, for a period, branch and doctor: times done (treatments done), units billed and
 * revenue (invoice lines of invoices not cancelled) and the average price (revenue ÷ units
 * billed). Definitions: docs/decisions/reports.md. Find only; resource `service-reports`,
 * module `reports`. `$rows: <figure>` answers the rows behind one number, narrowed by `serviceId`
 * or `categoryId` (`none`: lines with no service or no category).
 */
export const serviceReportsPath = 'service-reports'
export const serviceReportsMethods = ['find'] as const
export type ServiceReportsClientService = Pick<ServiceReportsService, (typeof serviceReportsMethods)[number]>

export { NONE, serviceFigures }
export type { ServiceFigure }
export type ServiceFigures = Record<ServiceFigure, number>

/** Average price per unit billed, minor units (null when nothing was billed). */
export interface WithAverage {
  average: number | null
}

export interface ServiceReportLine extends ServiceFigures, WithAverage {
  /** null: lines with no service (the drill-down's `serviceId: 'none'`). */
  serviceId: string | null
  /** The catalogue's name, or the name the lines copied for a service that left it. */
  name: string
  categoryId: string | null
  categoryName: string
}

export interface CategoryReportLine extends ServiceFigures, WithAverage {
  /** null: services with no category. */
  categoryId: string | null
  name: string
}

export interface ServiceReport {
  from: string
  to: string
  branchId: string | null
  doctorId: string | null
  totals: ServiceFigures & WithAverage
  /** Largest revenue first. */
  services: ServiceReportLine[]
  categories: CategoryReportLine[]
  /** Each figure's formula, as a text key (`reports.services.formulas.<figure>`). */
  formulas: Record<ServiceFigure | 'average', string>
}

export interface ServiceReportRow extends ServiceRow {
  customerName: string
  doctorName: string
}

export interface ServiceReportRows {
  figure: ServiceFigure
  from: string
  to: string
  /** The figure summed over every matching row (not only those sent). */
  sum: number
  total: number
  limit: number
  data: ServiceReportRow[]
}

export const serviceReportsClient = clientService<ServiceReportsClientService>()(serviceReportsPath, serviceReportsMethods)
