import type { Paginated } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { companyTimeZoneFor } from '../../company/company/company-reads'
import { todayIn } from '../../customers/customers/customer-rules'
import { doseWindows, type DoseTotals } from '../../../../../domain/clinical/xrays'
import type { Xray, XrayData, XrayPatch, XrayQuery } from './xrays.schema'

export type { Xray, XrayData, XrayPatch, XrayQuery }
export type XrayParams = RecordParams & { query?: XrayQuery }
type XrayPage = Paginated<Xray> & { doseTotals?: DoseTotals }

/** The table the `xrays` service owns: one row per X-ray record. */
export const XRAYS_TABLE = 'xrays'
/** Teeth are JSON text in the database. */
export const xrayRowShape = { json: ['teeth'] }

/**
 * A patient's dose totals in one statement: both windows summed by conditional sums over the
 * patient's rows (the (companyId, customerId, date) index), whatever page was asked for.
 */
export async function doseTotalsOf(db: Knex, companyId: string, customerId: string, asOf: string): Promise<DoseTotals> {
  const windows = doseWindows(asOf)
  // The sum of `value` over the rows from `from` on (the query keeps rows up to asOf).
  const sumFrom = (from: string, value: string, alias: string, columns: string[]) =>
    db.raw(`coalesce(sum(case when ?? >= ? then ${value} else 0 end), 0) as ??`, ['date', from, ...columns, alias])
  const earliest = windows.last12Months.from < windows.year.from ? windows.last12Months.from : windows.year.from
  const row = (await db(XRAYS_TABLE)
    .where({ companyId, customerId })
    .where('date', '>=', earliest)
    .where('date', '<=', asOf)
    .select(
      sumFrom(windows.year.from, '?? * ??', 'yearDose', ['dose', 'quantity']),
      sumFrom(windows.year.from, '??', 'yearExposures', ['quantity']),
      sumFrom(windows.last12Months.from, '?? * ??', 'lastDose', ['dose', 'quantity']),
      sumFrom(windows.last12Months.from, '??', 'lastExposures', ['quantity'])
    )
    .first()) as Record<string, string | number | null> | undefined
  const number = (key: string) => Number(row?.[key] ?? 0)
  return {
    asOf,
    year: { ...windows.year, dose: number('yearDose'), exposures: number('yearExposures') },
    last12Months: { ...windows.last12Months, dose: number('lastDose'), exposures: number('lastExposures') }
  }
}

/**
 * X-rays: a record service; the rules (the patient, the visit, teeth, dose, date) are hooks
 * (xray-rules.ts). A find with `$doseTotals` adds the patient's dose totals to the page.
 */
export class XrayService extends RecordService<Xray, XrayData, XrayParams, XrayPatch> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the adapter's own overload
  override async _find(params?: XrayParams & { paginate?: false }): Promise<any>
  override async _find(params?: XrayParams): Promise<XrayPage | Xray[]> {
    const query = (params?.query ?? {}) as XrayQuery & { $doseTotals?: true | string }
    const { $doseTotals, ...rest } = query
    const result = (await super._find({ ...params, query: rest } as XrayParams & { paginate?: false })) as XrayPage | Xray[]
    if ($doseTotals === undefined || Array.isArray(result)) return result
    const companyId = String(rest.companyId ?? params?.identity?.user.companyId ?? '')
    const customerId = typeof rest.customerId === 'string' ? rest.customerId : null
    if (!customerId) return result
    const db = this.knexOf(params)
    const asOf = $doseTotals === true ? todayIn(await companyTimeZoneFor(this.app!.get('db'), companyId, params)) : $doseTotals
    return { ...result, doseTotals: await doseTotalsOf(db, companyId, customerId, asOf) }
  }
}
/** A removed X-ray shows in the trash by its day and type, never its findings. */
export const xrayServiceOptions = (app: Application) =>
  recordOptions(app, XRAYS_TABLE, {
    filters: { $doseTotals: (value: unknown) => value },
    trash: { title: (record) => `${String(record.date ?? '')} ${String(record.type ?? '')}`.trim(), hidden: ['findings'] }
  })
