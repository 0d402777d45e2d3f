import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { dbOf } from '../../../hooks/call-transaction'
import { companyTimeZoneFor } from '../../company/company/company-reads'
import { todayIn } from '../../customers/customers/customer-rules'
import { isLocalDate } from '../../../../../domain/schedule/working-hours'
import { MAX_EXPENSE_AMOUNT } from './expense.shared'

type ExpenseInput = { amount?: unknown; date?: unknown; companyId?: string }

const isAmount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= MAX_EXPENSE_AMOUNT

/**
 * Before the schema: an amount and a day a person can act on. The schema alone would answer
 * "the request is not valid" for a zero, a fraction or 31 February; these say what is wrong, at
 * the field.
 */
export function checkAmountAndDay(context: HookContext) {
  const data = context.data as ExpenseInput | undefined
  if (!data || typeof data !== 'object' || Array.isArray(data)) return
  if (data.amount !== undefined && !isAmount(data.amount)) throw clinicError(BadRequest, 'expense-amount-invalid', 'amount')
  if (data.date !== undefined && !isLocalDate(data.date)) throw clinicError(BadRequest, 'date-invalid', 'date')
}

/**
 * After the schema: the day is the company's today when not given, and never after it (an
 * expense records money already spent; the reports count it on its day).
 */
export async function expenseDay(context: HookContext) {
  const data = context.data as ExpenseInput | undefined
  if (!data || typeof data !== 'object' || Array.isArray(data)) return
  if (data.date === undefined && context.method !== 'create') return
  const companyId = context.params.identity?.user.companyId ?? data.companyId ?? ''
  const today = todayIn(await companyTimeZoneFor(dbOf(context.app, context.params), companyId, context.params))
  if (data.date === undefined) context.data = { ...data, date: today }
  else if (String(data.date) > today) throw clinicError(BadRequest, 'expense-date-in-future', 'date')
}
