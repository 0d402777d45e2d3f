import type { Id, Params } from '@feathersjs/feathers'
import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { dbOf } from '../../../hooks/call-transaction'
import { newId, now } from '../../../hooks/ids'
import { payoutBases, type PayoutBase } from '../../../../../domain/billing/payouts'
import { companySettingsFor, companyTimeZoneFor } from '../../company/company/company-reads'
import { todayIn } from '../../customers/customers/customer-rules'
import { customerNames } from '../../customers/customers/customer-contact'
import { payoutMembers, type PayoutMember } from '../../team/users/user-rows'
import { computeEarnings, type EarningLine, type Earnings } from './payout-ledger'
import type { PayoutStatsScope } from './payout-stats'
import { PAYOUTS_TABLE, PAYOUT_LINES_TABLE, PAYOUT_PERIODS_TABLE, PAYOUT_RULES_TABLE, payoutsOf, type StoredPayout } from './payout-rows'
import type {
  BalanceHistoryData,
  BalanceHistoryQuery,
  BalanceHistoryResult,
  BalanceLine,
  BalanceRule,
  BalanceRulesPatch,
  BalanceRulesResult,
  BalanceStatement
} from './user-balance-history.schema'

/** The query once the hooks scoped it: the company, the doctor, and the branches counted (null: all). */
export type ScopedBalanceQuery = BalanceHistoryQuery & { companyId: string; userId: string; branchIds: string[] | null }
export type UserBalanceHistoryParams = Params<BalanceHistoryQuery>

const memberName = (member: PayoutMember) => [member.last_name, member.first_name].filter(Boolean).join(' ')

/** The company's payout base (`settings.payoutBase`, billed unless set to paid). */
export async function payoutBaseOf(db: Knex, companyId: string, params: Params | undefined): Promise<PayoutBase> {
  const setting = (await companySettingsFor(db, companyId, params)).payoutBase
  return payoutBases.includes(setting as PayoutBase) ? (setting as PayoutBase) : 'billed'
}

/** Earnings and payouts of some doctors of the company, everything the statements and reports need; with `days`, only the earnings landing on them. */
export async function payoutLedger(app: Application, params: Params | undefined, companyId: string, members: readonly PayoutMember[], days?: readonly string[]) {
  const db = dbOf(app, params)
  const userIds = members.map((member) => member._id)
  const timeZone = await companyTimeZoneFor(db, companyId, params)
  const payoutBase = await payoutBaseOf(db, companyId, params)
  const earnings = await computeEarnings(db, { companyId, payoutBase, timeZone, percents: new Map(members.map((member) => [member._id, member.percentOfRevenue])) }, userIds, days)
  const payouts = await payoutsOf(db, companyId, userIds)
  return { earnings, payouts, payoutBase, timeZone }
}

/** The company's zone and payout base, what the payouts rollup is computed with (payout-stats.ts). */
export async function payoutStatsScope(app: Application, params: Params | undefined, companyId: string): Promise<PayoutStatsScope> {
  const db = dbOf(app, params)
  return { companyId, timeZone: await companyTimeZoneFor(db, companyId, params), payoutBase: await payoutBaseOf(db, companyId, params) }
}

const inBranches = (branchIds: readonly string[] | null, branchId: string | null) => !branchIds || (branchId !== null && branchIds.includes(branchId))

/** A doctor's earnings and payouts as ordered lines (day, earnings before payouts), within some branches. */
export function statementLines(earnings: readonly EarningLine[], payouts: readonly StoredPayout[], branchIds: readonly string[] | null, branchId: string | null) {
  const lines: Array<Omit<BalanceLine, 'balance' | 'customerName'>> = []
  for (const line of earnings) {
    if (!inBranches(branchIds, line.branchId)) continue
    const { key, userId: _user, ...rest } = line
    lines.push({ ...rest, _id: key, kind: 'earning', method: null, note: null })
  }
  for (const payout of payouts) {
    // A payout is the doctor's, not a branch's: it counts unless one branch is asked for (then only that branch's).
    if (branchId ? payout.branchId !== branchId : payout.branchId !== null && !inBranches(branchIds, payout.branchId)) continue
    lines.push({
      _id: payout._id, kind: 'payout', source: 'payout', date: payout.date, closed: false, adjustment: false, branchId: payout.branchId, customerId: null,
      invoiceId: null, invoiceNumber: null, serviceId: null, serviceName: '', quantity: 0, base: 0, percent: null, fixedAmount: null, share: -payout.amount,
      method: payout.method as BalanceLine['method'], note: payout.note
    })
  }
  const rank = (line: { kind: string }) => (line.kind === 'earning' ? 0 : 1)
  // A stable sort: earnings keep the ledger's order within a day (payout-ledger.ts), payouts theirs.
  return lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : rank(a) - rank(b)))
}

/** Totals of ordered lines for a period: the balance before it, the base and share earned in it, paid out in it, the balance at its end. */
export function periodTotals(lines: ReadonlyArray<{ kind: string; date: string; base: number; share: number }>, from: string, to: string) {
  const totals = { opening: 0, base: 0, share: 0, paidOut: 0, balance: 0 }
  for (const line of lines) {
    if (line.date > to) break
    if (line.date < from) totals.opening += line.share
    else if (line.kind === 'payout') totals.paidOut -= line.share
    else {
      totals.base += line.base
      totals.share += line.share
    }
  }
  totals.balance = totals.opening + totals.share - totals.paidOut
  return totals
}

/**
 * `user-balance-history`: statements of doctors' earnings (computed from the ledger, frozen by
 * closed periods), their payouts, the overrides of their percent, and period closes.
 */
export class UserBalanceHistoryService {
  constructor(private readonly app: Application) {}

  async find(params?: UserBalanceHistoryParams): Promise<BalanceStatement> {
    return this.statement(params?.query as ScopedBalanceQuery, params)
  }

  async get(_id: Id, params?: UserBalanceHistoryParams): Promise<BalanceStatement> {
    return this.statement(params?.query as ScopedBalanceQuery, params)
  }

  private async statement(query: ScopedBalanceQuery, params: Params | undefined): Promise<BalanceStatement> {
    const db = dbOf(this.app, params)
    const [member] = await payoutMembers(db, query.companyId, [query.userId])
    if (!member) throw new NotFound('No record found', { code: 'not-found' })
    const { earnings, payouts, payoutBase } = await payoutLedger(this.app, params, query.companyId, [member])
    const branchIds = query.branchId ? [query.branchId] : query.branchIds
    const ordered = statementLines(earnings.byUser.get(member._id) ?? [], payouts, branchIds, query.branchId ?? null)
    const totals = periodTotals(ordered, query.from, query.to)
    const shown = ordered.filter((line) => line.date >= query.from && line.date <= query.to)
    const names = await customerNames(db, query.companyId, shown.map((line) => line.customerId).filter((id): id is string => id !== null))
    let running = totals.opening
    const lines: BalanceLine[] = shown.map((line) => {
      running += line.share
      return { ...line, customerName: line.customerId ? (names.get(line.customerId) ?? '') : '', balance: running }
    })
    return {
      _id: member._id,
      userId: member._id,
      name: memberName(member),
      from: query.from,
      to: query.to,
      branchId: query.branchId ?? null,
      payoutBase,
      revenuePercent: member.percentOfRevenue,
      closedUntil: earnings.closedUntil.get(member._id) ?? null,
      ...totals,
      lines,
      rules: rulesView(earnings, member._id),
      periods: earnings.periods.filter((period) => period.userId === member._id).map(({ userId: _user, ...period }) => period)
    }
  }

  async create(data: BalanceHistoryData, params?: Params): Promise<BalanceHistoryResult> {
    const companyId = params?.identity?.user.companyId ?? String((params?.query as { companyId?: string } | undefined)?.companyId ?? '')
    const by = params?.identity?.user._id ?? null
    const db = dbOf(this.app, params)
    const today = todayIn(await companyTimeZoneFor(db, companyId, params))
    if (data.action === 'payout') return this.payout(db, companyId, by, today, data)
    return this.close(db, companyId, by, today, data, params)
  }

  private async payout(db: Knex, companyId: string, by: string | null, today: string, data: Extract<BalanceHistoryData, { action: 'payout' }>): Promise<BalanceHistoryResult> {
    const date = data.date ?? today
    if (date > today) throw clinicError(BadRequest, 'payout-date-in-future', 'date')
    const [member] = await payoutMembers(db, companyId, [data.userId])
    if (!member) throw clinicError(BadRequest, 'invalid-request', 'userId')
    const stamp = now()
    const row = { _id: newId(), companyId, userId: data.userId, branchId: data.branchId ?? null, date, amount: data.amount, method: data.method, note: data.note?.trim() || null, createdAt: stamp, updatedAt: stamp, createdBy: by }
    await db(PAYOUTS_TABLE).insert(row)
    return { _id: row._id, action: 'payout', userId: row.userId, amount: row.amount, method: data.method, date, branchId: row.branchId, note: row.note }
  }

  private async close(db: Knex, companyId: string, by: string | null, today: string, data: Extract<BalanceHistoryData, { action: 'close' }>, params: Params | undefined): Promise<BalanceHistoryResult> {
    if (data.from > data.to) throw clinicError(BadRequest, 'invalid-request', 'to')
    if (data.to > today) throw clinicError(BadRequest, 'payout-close-future', 'to')
    const members = (await payoutMembers(db, companyId, data.userId ? [data.userId] : null))
    if (data.userId && members.length === 0) throw clinicError(BadRequest, 'invalid-request', 'userId')
    const { earnings } = await payoutLedger(this.app, params, companyId, members)
    const closing = data.userId ? members : members.filter((member) => member.acceptsAppointments || earnings.byUser.has(member._id))
    for (const member of closing) {
      if ((earnings.closedUntil.get(member._id) ?? '') >= data.from) throw clinicError(Conflict, 'payout-period-closed', 'from', { userId: member._id })
    }
    const stamp = now()
    const periodIds: string[] = []
    let lineCount = 0
    for (const member of closing) {
      const periodId = newId()
      periodIds.push(periodId)
      await db(PAYOUT_PERIODS_TABLE).insert({ _id: periodId, companyId, userId: member._id, from: data.from, to: data.to, createdAt: stamp, updatedAt: stamp, createdBy: by })
      const frozen = (earnings.byUser.get(member._id) ?? []).filter((line) => !line.closed && line.date <= data.to)
      lineCount += frozen.length
      for (let start = 0; start < frozen.length; start += 200) {
        await db(PAYOUT_LINES_TABLE).insert(
          frozen.slice(start, start + 200).map(({ key, closed: _closed, ...line }) => ({ ...line, _id: newId(), companyId, periodId, sourceKey: key }))
        )
      }
    }
    return { _id: periodIds[0] ?? newId(), action: 'close', userId: data.userId ?? null, from: data.from, to: data.to, userIds: closing.map((member) => member._id), lineCount }
  }

  async patch(id: Id | null, data: BalanceRulesPatch, params?: Params): Promise<BalanceRulesResult> {
    const companyId = params?.identity?.user.companyId ?? ''
    const userId = String(id)
    const db = dbOf(this.app, params)
    const [member] = await payoutMembers(db, companyId, [userId])
    if (!member) throw new NotFound('No record found', { code: 'not-found' })
    const seen = new Set<string>()
    data.rules.forEach((rule, index) => {
      if ((rule.serviceId === undefined) === (rule.categoryId === undefined)) throw clinicError(BadRequest, 'payout-rule-target', `rules.${index}`)
      if ((rule.percent === undefined) === (rule.amount === undefined)) throw clinicError(BadRequest, 'payout-rule-share', `rules.${index}`)
      const target = rule.serviceId ? `s:${rule.serviceId}` : `c:${rule.categoryId}`
      if (seen.has(target)) throw clinicError(Conflict, 'payout-rule-duplicate', `rules.${index}`)
      seen.add(target)
    })
    const stamp = now()
    await db(PAYOUT_RULES_TABLE).where({ companyId, userId }).delete()
    if (data.rules.length > 0) {
      await db(PAYOUT_RULES_TABLE).insert(
        data.rules.map((rule) => ({
          _id: newId(), companyId, userId, serviceId: rule.serviceId ?? null, categoryId: rule.categoryId ?? null, percent: rule.percent ?? null, amount: rule.amount ?? null,
          createdAt: stamp, updatedAt: stamp, createdBy: params?.identity?.user._id ?? null
        }))
      )
    }
    return { _id: userId, userId, rules: data.rules.map(cleanRule) }
  }
}

const cleanRule = (rule: BalanceRule): BalanceRule => Object.fromEntries(Object.entries(rule).filter(([, value]) => value !== undefined && value !== null)) as BalanceRule

function rulesView(earnings: Earnings, userId: string): BalanceRule[] {
  return earnings.rules
    .filter((rule) => rule.userId === userId)
    .map((rule) => cleanRule({ serviceId: rule.serviceId ?? undefined, categoryId: rule.categoryId ?? undefined, percent: rule.percent ?? undefined, amount: rule.amount ?? undefined }))
}
