import { clientService } from '../../../client-service'
import type { ToppersService } from './toppers.class'
import { NONE, TOPPERS_SIZE, topperFigures, topperListOf, topperLists, type TopperFigure, type TopperList } from '../../../../../domain/reports/service-reports'

/**
 * `toppers` (spec sections 2, 6 and 7, issue 19): for a period and branch, the ten best doctors
 * (by revenue billed and by visits), services (by revenue and by times done) and patients'
 * sources (by new patients and by revenue), with the services report's and the summary's
 * definitions (docs/decisions/reports.md). Find only; resource `toppers`, module `reports`.
 * `$rows: <figure>` with `doctorId`, `serviceId` or `sourceId` answers the rows behind one number.
 */
export const toppersPath = 'toppers'
export const toppersMethods = ['find'] as const
export type ToppersClientService = Pick<ToppersService, (typeof toppersMethods)[number]>

export { NONE, TOPPERS_SIZE, topperFigures, topperListOf, topperLists }
export type { TopperFigure, TopperList }

export interface TopperEntry {
  /** A doctor's, service's or source's id; `none` for lines with no service or patients with no source. */
  key: string
  /** The name ('' for `none`: the screen says it). */
  name: string
  /** Units, visits, patients or minor units (revenue). */
  value: number
}

export interface Toppers {
  from: string
  to: string
  branchId: string | null
  doctorId: string | null
  /** Each list's best entries, largest first (at most `TOPPERS_SIZE`). */
  lists: Record<TopperList, TopperEntry[]>
  /** Each figure's formula, as a text key (`reports.toppers.formulas.<figure>`). */
  formulas: Record<TopperFigure, string>
}

export interface TopperRow {
  _id: string
  day: string
  branchId: string
  customerId: string
  customerName: string
  doctorId: string | null
  doctorName: string
  /** The service (and invoice number) of a line or treatment; the time of a visit. */
  label: string
  value: number
}

export interface TopperRows {
  figure: TopperFigure
  from: string
  to: string
  sum: number
  total: number
  limit: number
  data: TopperRow[]
}

export const toppersClient = clientService<ToppersClientService>()(toppersPath, toppersMethods)
