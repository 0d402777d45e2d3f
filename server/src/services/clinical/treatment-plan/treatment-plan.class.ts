/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Id, NullableId, Paginated } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { companyTimeZone } from '../../company/company/company-reads'
import { todayIn } from '../../customers/customers/customer-rules'
import { TREATMENT_PLAN_TABLE, shownPlan, treatmentPlanRowShape, type StoredPlan } from './treatment-plan-rows'
import type { PlanItem, PlanPhase, TreatmentPlan, TreatmentPlanData, TreatmentPlanPatch, TreatmentPlanQuery } from './treatment-plan.schema'

export type { PlanItem, PlanPhase, TreatmentPlan, TreatmentPlanData, TreatmentPlanPatch, TreatmentPlanQuery }
export type TreatmentPlanParams = RecordParams & { query?: TreatmentPlanQuery }

/**
 * Treatment plans: a record service whose rows are shown as the company's today sees them (a
 * presented plan past its prices' end reads `expired`; `priceValidUntil`, `pricesOutdated`).
 * The rules are hooks (treatment-plan-rules.ts).
 */
export class TreatmentPlanService extends RecordService<TreatmentPlan, TreatmentPlanData, TreatmentPlanParams, TreatmentPlanPatch> {
  private async shown(value: any, params?: TreatmentPlanParams): Promise<any> {
    const rows: StoredPlan[] = Array.isArray(value) ? value : value && Array.isArray(value.data) ? value.data : value ? [value] : []
    const todays = new Map<string, string>()
    for (const companyId of new Set(rows.map((row) => row.companyId).filter(Boolean))) {
      todays.set(companyId, todayIn(await companyTimeZone(this.knexOf(params), companyId)))
    }
    const shape = (row: StoredPlan) => (row && row.consultationDate && row.phases ? shownPlan(row, todays.get(row.companyId) ?? new Date().toISOString().slice(0, 10)) : row)
    if (Array.isArray(value)) return value.map(shape)
    if (value && Array.isArray(value.data)) return { ...value, data: value.data.map(shape) }
    return value ? shape(value) : value
  }

  override async _find(params?: TreatmentPlanParams & { paginate?: false }): Promise<any>
  override async _find(params?: TreatmentPlanParams): Promise<Paginated<TreatmentPlan> | TreatmentPlan[]> {
    return this.shown(await super._find(params as any), params)
  }

  override async _get(id: Id, params?: TreatmentPlanParams): Promise<TreatmentPlan> {
    return this.shown(await super._get(id, params), params)
  }

  override async _create(data: any, params?: TreatmentPlanParams): Promise<any> {
    return this.shown(await super._create(data, params), params)
  }

  override async _patch(id: NullableId, data: any, params?: TreatmentPlanParams): Promise<any> {
    return this.shown(await super._patch(id, data, params), params)
  }

  override async _remove(id: NullableId, params?: TreatmentPlanParams): Promise<any> {
    return this.shown(await super._remove(id, params), params)
  }
}

const title = (record: Record<string, unknown>) => String(record.title || record.consultationDate || '')
export const treatmentPlanServiceOptions = (app: Application) =>
  recordOptions(app, TREATMENT_PLAN_TABLE, { trash: { title } })
export { treatmentPlanRowShape }
