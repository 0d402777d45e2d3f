import type { Knex } from 'knex'
import { RowCodec } from '../../row-codec'

/** The tables `user-balance-history` owns (docs/decisions/billing-payouts.md). */
export const PAYOUT_RULES_TABLE = 'payout_rules'
export const PAYOUT_PERIODS_TABLE = 'payout_periods'
export const PAYOUT_LINES_TABLE = 'payout_lines'
export const PAYOUTS_TABLE = 'payouts'

const frozenCodec = new RowCodec({ boolean: ['adjustment'] })

export interface StoredRule {
  _id: string
  userId: string
  serviceId: string | null
  categoryId: string | null
  percent: number | null
  amount: number | null
}

/** What an earning line says, whether computed from the ledger now or frozen by a close. */
export interface LineFacts {
  userId: string
  source: 'invoice-line' | 'payment-allocation'
  date: string
  adjustment: boolean
  branchId: string | null
  customerId: string | null
  invoiceId: string | null
  invoiceNumber: string | null
  serviceId: string | null
  serviceName: string
  quantity: number
  base: number
  percent: number | null
  fixedAmount: number | null
  share: number
}

/** A line a closed period froze: as it was computed when the period closed. */
export interface FrozenLine extends LineFacts {
  _id: string
  periodId: string
  sourceKey: string
}

export interface StoredPayout {
  _id: string
  companyId: string
  userId: string
  branchId: string | null
  date: string
  amount: number
  method: string
  note: string | null
  createdAt: string
  updatedAt: string
  createdBy: string | null
}

export interface StoredPeriod {
  _id: string
  userId: string
  from: string
  to: string
  createdAt: string
  createdBy: string | null
}

const byUsers = (query: Knex.QueryBuilder, userIds: readonly string[] | null) => (userIds ? query.whereIn('userId', [...userIds]) : query)

export async function rulesOf(db: Knex, companyId: string, userIds: readonly string[] | null): Promise<StoredRule[]> {
  const rows = await byUsers(db(PAYOUT_RULES_TABLE).where({ companyId }), userIds).orderBy('_id').select('_id', 'userId', 'serviceId', 'categoryId', 'percent', 'amount')
  return rows.map((row: Record<string, unknown>) => ({
    _id: String(row._id),
    userId: String(row.userId),
    serviceId: (row.serviceId as string | null) ?? null,
    categoryId: (row.categoryId as string | null) ?? null,
    percent: row.percent === null || row.percent === undefined ? null : Number(row.percent),
    amount: row.amount === null || row.amount === undefined ? null : Number(row.amount)
  }))
}

export async function frozenLinesOf(db: Knex, companyId: string, userIds: readonly string[] | null): Promise<FrozenLine[]> {
  const rows = await byUsers(db(PAYOUT_LINES_TABLE).where({ companyId }), userIds).orderBy([{ column: 'date' }, { column: 'sourceKey' }])
  return rows.map(frozenLine)
}

/**
 * The frozen lines a ledger of some days needs (payout-ledger.ts): those dated on one of them, and
 * those of the invoices read (a computed line whose key is frozen gives way to the frozen one).
 */
export async function frozenLinesOn(db: Knex, companyId: string, userIds: readonly string[] | null, days: readonly string[], invoiceIds: readonly string[]): Promise<FrozenLine[]> {
  const byId = new Map<string, Record<string, unknown>>()
  for (const [column, values] of [['date', days], ['invoiceId', invoiceIds]] as const) {
    for (let start = 0; start < values.length; start += 500) {
      const rows = (await byUsers(db(PAYOUT_LINES_TABLE).where({ companyId }), userIds).whereIn(column, values.slice(start, start + 500))) as Array<Record<string, unknown>>
      for (const row of rows) byId.set(String(row._id), row)
    }
  }
  const rows = [...byId.values()].sort((a, b) => String(a.date).localeCompare(String(b.date)) || (String(a.sourceKey) < String(b.sourceKey) ? -1 : String(a.sourceKey) > String(b.sourceKey) ? 1 : 0))
  return rows.map(frozenLine)
}

function frozenLine(row: Record<string, unknown>): FrozenLine {
  const line = frozenCodec.fromDb<FrozenLine & { companyId?: string }>(row)
  delete line.companyId
  return {
    ...line,
    quantity: Number(line.quantity),
    base: Number(line.base),
    share: Number(line.share),
    percent: line.percent === null ? null : Number(line.percent),
    fixedAmount: line.fixedAmount === null ? null : Number(line.fixedAmount)
  }
}

export async function payoutsOf(db: Knex, companyId: string, userIds: readonly string[] | null): Promise<StoredPayout[]> {
  const rows = await byUsers(db(PAYOUTS_TABLE).where({ companyId }), userIds).orderBy([{ column: 'date' }, { column: '_id' }])
  return rows.map((row: Record<string, unknown>) => ({ ...new RowCodec({}).fromDb<StoredPayout>(row), amount: Number(row.amount), note: (row.note as string | null) ?? null, branchId: (row.branchId as string | null) ?? null }))
}

export async function periodsOf(db: Knex, companyId: string, userIds: readonly string[] | null): Promise<StoredPeriod[]> {
  const rows = await byUsers(db(PAYOUT_PERIODS_TABLE).where({ companyId }), userIds).orderBy([{ column: 'to', order: 'desc' }, { column: '_id' }])
  return rows.map((row: Record<string, unknown>) => {
    const period = new RowCodec({}).fromDb<StoredPeriod & { companyId?: string; updatedAt?: string }>(row)
    return { _id: period._id, userId: period.userId, from: period.from, to: period.to, createdAt: period.createdAt, createdBy: period.createdBy ?? null }
  })
}

/** The last day of each doctor's closed periods (what is locked up to). */
export function closedUntil(periods: readonly StoredPeriod[]): Map<string, string> {
  const until = new Map<string, string>()
  for (const period of periods) if ((until.get(period.userId) ?? '') < period.to) until.set(period.userId, period.to)
  return until
}
