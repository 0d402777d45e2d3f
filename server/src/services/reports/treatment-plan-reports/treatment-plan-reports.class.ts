import type { Knex } from 'knex'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { companyTimeZone } from '../../company/company/company-reads'
import { todayIn } from '../../customers/customers/customer-rules'
import { customerNamesAndPhones } from '../../customers/customers/customer-report-reads'
import { phoneHiddenFor } from '../../customers/customers/customer-phone'
import { memberDisplayNames } from '../../team/users/user-rows'
import { plansPresentedIn, PRESENTED_PLAN_STATUSES, type PlanPeriodFilter, type ReportPlan } from '../../clinical/treatment-plan/plan-report-reads'
import { planFigureGroups, type PlanFigureGroup } from '../../clinical/treatment-plan/plan-stats'
import { visitsAhead } from '../../appointments/appointment/plan-visit-reads'
import { daysBetween } from '../../../../../domain/appointments/zoned-time'
import { isItemFigure, planFiguresOf, valuedItems, weighPlan, type ItemFigure, type PlanFigure } from '../../../../../domain/reports/treatment-plan-reports'
import { REPORT_ROWS_LIMIT } from '../reports-summary/reports-summary.shared'
import { lineOf, type ScopedReport } from '../report-scope'
import { letOtherCallsRun } from '../../rollup-marks'
import type { TreatmentPlanReportsQuery } from './treatment-plan-reports.schema'
import {
  treatmentPlanFigures,
  type PlanFigureValues,
  type PlanReportLine,
  type TreatmentPlanFigure,
  type TreatmentPlanReport,
  type TreatmentPlanReportRow,
  type TreatmentPlanReportRows
} from './treatment-plan-reports.shared'

export type TreatmentPlanReportsParams = Params<TreatmentPlanReportsQuery>

type PlanItem = ReportPlan['phases'][number]['items'][number]

/** One counted thing: a plan or an item, the figures it counts in, and its value. */
interface Counted {
  plan: ReportPlan
  item?: PlanItem
  figures: TreatmentPlanFigure[]
  value: number
  visitStart: string | null
}

/** Accepted plans weighed per chunk when paging an item figure. */
const PLANS_PER_CHUNK = 500

/** The stored states whose plans count in a plan figure (`planFiguresOf` turned around). */
const statusesCountedIn = (figure: PlanFigure) => PRESENTED_PLAN_STATUSES.filter((status) => planFiguresOf(status).includes(figure))

const emptyValues = (): PlanFigureValues => Object.fromEntries(treatmentPlanFigures.map((figure) => [figure, { count: 0, value: 0 }])) as PlanFigureValues
const teethText = (item: PlanItem) => item.teeth.map((tooth) => (tooth.surfaces.length ? `${tooth.tooth} ${tooth.surfaces.join('')}` : String(tooth.tooth))).join(', ')

/**
 * The treatment plans report: the plans of the period (clinical's `plansPresentedIn`: shown to
 * the patient, consultation day in the period) by the state they are in now, and the items of
 * the accepted ones by where they stand: done, a visit ahead (appointments' `visitsAhead`), or
 * none. Totals, lines and a drill-down's count and value read clinical's rollup of the plans
 * (`planFigureGroups`); a drill-down's page reads only its plans (`planPage`, `itemPage`). Both
 * weigh a plan with `weighPlan`, and the tests hold every figure equal to its rows.
 */
export class TreatmentPlanReportsService {
  constructor(private readonly app: Application) {}

  async find(params?: TreatmentPlanReportsParams): Promise<TreatmentPlanReport | TreatmentPlanReportRows> {
    const db = dbOf(this.app, params)
    const query = params?.query as ScopedReport<TreatmentPlanReportsQuery>
    const filter = { companyId: query.companyId, from: query.from, to: query.to, branchIds: query.branchId ? [query.branchId] : (query.branchIds ?? null), doctorId: query.doctorId ?? null }
    const now = new Date().toISOString()
    // The figures from the plans' rollup (plan-stats.ts), weighed as `counted` weighs the rows: tested equal.
    const groups = await planFigureGroups(db, filter, now)
    if (query.$rows) return this.rows(db, query, filter, groups, now, params)
    const totals = emptyValues()
    const byDoctor = new Map<string, PlanReportLine>()
    const byBranch = new Map<string, PlanReportLine>()
    for (const group of groups) {
      const lines = [totals, lineOf(byDoctor, group.doctorId, () => ({ key: group.doctorId, name: '', ...emptyValues() })), lineOf(byBranch, group.branchId, () => ({ key: group.branchId, name: '', ...emptyValues() }))]
      for (const line of lines) {
        line[group.figure].count += group.count
        line[group.figure].value += group.value
      }
    }
    const names = await memberDisplayNames(db, query.companyId, [...byDoctor.keys()])
    for (const line of byDoctor.values()) line.name = names.get(line.key) ?? ''
    return {
      from: query.from,
      to: query.to,
      branchId: query.branchId ?? null,
      doctorId: query.doctorId ?? null,
      totals,
      byDoctor: [...byDoctor.values()].sort((a, b) => b.presented.value - a.presented.value || a.name.localeCompare(b.name)),
      byBranch: [...byBranch.values()].sort((a, b) => a.key.localeCompare(b.key)),
      formulas: Object.fromEntries(treatmentPlanFigures.map((figure) => [figure, `reports.plans.formulas.${figure}`])) as Record<TreatmentPlanFigure, string>
    }
  }

  /** Every plan with its plan figures, and every valued item of an accepted plan with its item figure (`weighPlan`, a booked item's visit asked now). */
  private async counted(db: Knex, plans: ReportPlan[], companyId: string, now: string): Promise<Counted[]> {
    const weighed = plans.map((plan) => ({ plan, weights: weighPlan(plan.status, plan.phases) }))
    const booked = weighed.flatMap(({ weights }) => weights.flatMap((weight) => (weight.item && weight.appointmentId ? [weight.appointmentId] : [])))
    const ahead = await visitsAhead(db, companyId, booked, now)
    return weighed.flatMap(({ plan, weights }) =>
      weights.map((weight): Counted => {
        if (!weight.item) return { plan, figures: weight.figures, value: weight.value, visitStart: null }
        const visitStart = weight.appointmentId ? (ahead.get(weight.appointmentId) ?? null) : null
        const figure: ItemFigure = weight.standing === 'booked' ? (visitStart ? 'itemsScheduled' : 'itemsUnscheduled') : weight.standing
        return { plan, item: weight.item, figures: [figure], value: weight.value, visitStart }
      })
    )
  }

  /**
   * The plans of a plan figure, a page of them read by status (the statuses that count in it), in
   * the list's order (oldest consultation first).
   */
  private async planPage(db: Knex, filter: PlanPeriodFilter, figure: PlanFigure, skip: number, limit: number, now: string): Promise<Counted[]> {
    const plans = await plansPresentedIn(db, filter, { statuses: statusesCountedIn(figure), limit, offset: skip })
    return (await this.counted(db, plans, filter.companyId, now)).filter((entry) => !entry.item)
  }

  /**
   * The items of an item figure, a page of them: the accepted plans read in the list's order a
   * chunk at a time, weighed, until the page is full. An item's figure depends on its visit at
   * `now`, so its place in the list cannot be read by SQL alone.
   */
  private async itemPage(db: Knex, filter: PlanPeriodFilter, figure: ItemFigure, skip: number, limit: number, now: string): Promise<Counted[]> {
    const page: Counted[] = []
    let toSkip = skip
    for (let offset = 0; page.length < limit; offset += PLANS_PER_CHUNK) {
      // A deep page (an export's) weighs many chunks: other calls are served between them (SQLite's statements hold the one thread).
      if (offset > 0) await letOtherCallsRun()
      const plans = await plansPresentedIn(db, filter, { statuses: statusesCountedIn('accepted'), limit: PLANS_PER_CHUNK, offset })
      for (const entry of await this.counted(db, plans, filter.companyId, now)) {
        if (!entry.item || !entry.figures.includes(figure)) continue
        if (toSkip > 0) toSkip -= 1
        else if (page.length < limit) page.push(entry)
      }
      if (plans.length < PLANS_PER_CHUNK) break
    }
    return page
  }

  /**
   * The plans or items behind one figure (oldest consultation first), a page of them, and their
   * count and value: the figure's own, from the rollup's groups of the same filter, so a drawer's
   * total is the number it was opened from. Only the page is read from the plans.
   */
  private async rows(db: Knex, query: ScopedReport<TreatmentPlanReportsQuery>, filter: PlanPeriodFilter, groups: PlanFigureGroup[], now: string, params: TreatmentPlanReportsParams | undefined): Promise<TreatmentPlanReportRows> {
    const figure = query.$rows!
    const limit = query.$limit ?? REPORT_ROWS_LIMIT
    const skip = query.$skip ?? 0
    const today = todayIn(await companyTimeZone(db, query.companyId))
    const shown = isItemFigure(figure) ? await this.itemPage(db, filter, figure, skip, limit, now) : await this.planPage(db, filter, figure, skip, limit, now)
    const ofFigure = groups.filter((group) => group.figure === figure)
    const [patients, doctors] = await Promise.all([
      customerNamesAndPhones(db, query.companyId, shown.map((entry) => entry.plan.customerId)),
      memberDisplayNames(db, query.companyId, shown.map((entry) => entry.plan.doctorId))
    ])
    const hidden = phoneHiddenFor(params)
    return {
      figure,
      from: query.from,
      to: query.to,
      sum: ofFigure.reduce((sum, group) => sum + group.value, 0),
      total: ofFigure.reduce((sum, group) => sum + group.count, 0),
      limit,
      data: shown.map(({ plan, item, value, visitStart }): TreatmentPlanReportRow => {
        const patient = patients.get(plan.customerId)
        return {
          _id: item?._id ?? plan._id,
          planId: plan._id,
          planTitle: plan.title,
          status: plan.status,
          customerId: plan.customerId,
          customerName: patient?.name ?? '',
          phone: hidden ? null : (patient?.phone ?? ''),
          phoneHidden: hidden,
          day: plan.consultationDate,
          daysSince: Math.max(0, daysBetween(plan.consultationDate, today)),
          doctorId: plan.doctorId,
          doctorName: doctors.get(plan.doctorId) ?? '',
          branchId: plan.branchId,
          serviceName: item?.serviceName ?? '',
          teeth: item ? teethText(item) : '',
          quantity: item ? item.quantity : valuedItems(plan.phases).length,
          visitStart,
          value
        }
      })
    }
  }
}
