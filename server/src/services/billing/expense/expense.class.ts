/* eslint-disable @typescript-eslint/no-explicit-any */
import type { NullableId, Paginated } from '@feathersjs/feathers'
import { errorHandler } from '@feathersjs/knex'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordOptions, type RecordParams } from '../../record.class'
import { normalizeCatalogueText } from '../../../../../domain/catalogue/search'
import type { Expense, ExpenseData, ExpensePatch, ExpenseQuery } from './expense.schema'

export type { Expense, ExpenseData, ExpensePatch, ExpenseQuery }
export type ExpenseParams = RecordParams & { query?: ExpenseQuery }
/** A page of expenses with the sum of `amount` over every match (not only this page): the list's total. */
export type ExpensePage = Paginated<Expense> & { amountTotal: number }

export const EXPENSES_TABLE = 'expenses'
/** `searchSupplier`: the supplier normalised (lower case, ё as е, single spaces) for `$search`. */
export const expenseRowShape = { hidden: ['searchSupplier'] }

/** Keeps the hidden search column in step with the supplier on every write that names it. */
const withSearchSupplier = (data: any) =>
  data && typeof data === 'object' && !Array.isArray(data) && 'supplier' in data
    ? { ...data, searchSupplier: typeof data.supplier === 'string' ? normalizeCatalogueText(data.supplier) : null }
    : data

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/**
 * Expenses of the company's branches. Besides the usual record service: `$search` finds a part of
 * the supplier's name, and a paginated find also answers `amountTotal`, the sum over every match
 * of the same query (the list's total, counted by the database, not by adding up one page).
 */
export class ExpenseService extends RecordService<Expense, ExpenseData, ExpenseParams, ExpensePatch> {
  override createQuery(params: ExpenseParams = {} as ExpenseParams) {
    const { $search, ...query } = (params.query ?? {}) as Record<string, unknown>
    const builder = super.createQuery({ ...params, query } as ExpenseParams)
    const term = typeof $search === 'string' ? normalizeCatalogueText($search) : ''
    if (term) builder.whereRaw('?? like ? escape ?', [`${this.table}.searchSupplier`, `%${likeLiteral(term)}%`, '\\'])
    return builder
  }

  override async _find(params?: ExpenseParams & { paginate?: false }): Promise<any>
  override async _find(params?: ExpenseParams): Promise<ExpensePage | Expense[]> {
    const result = (await super._find(params as ExpenseParams & { paginate?: false })) as ExpensePage | Expense[]
    if (Array.isArray(result)) return result
    return { ...result, amountTotal: await this.amountTotal(params) }
  }

  /** The sum of `amount` over what the query matches, whatever page it asks for. */
  private async amountTotal(params?: ExpenseParams): Promise<number> {
    const builder: Knex.QueryBuilder = this.createQuery(params).clearSelect().clearOrder().sum({ amountTotal: `${this.table}.amount` })
    const rows = (await builder.catch(errorHandler)) as Array<{ amountTotal: unknown }>
    return Number(rows[0]?.amountTotal ?? 0)
  }

  override async _create(data: any, params?: ExpenseParams): Promise<any> {
    return super._create(Array.isArray(data) ? data.map(withSearchSupplier) : withSearchSupplier(data), params)
  }

  override async _patch(id: NullableId, data: any, params?: ExpenseParams): Promise<any> {
    return super._patch(id, withSearchSupplier(data), params)
  }

  override async _update(id: NullableId, data: any, params?: ExpenseParams): Promise<any> {
    return super._update(id, withSearchSupplier(data), params)
  }
}

export const expenseServiceOptions = (app: Application, extra: Partial<RecordOptions> = {}) =>
  recordOptions(app, EXPENSES_TABLE, { filters: { $search: (value: unknown) => value }, ...extra })
