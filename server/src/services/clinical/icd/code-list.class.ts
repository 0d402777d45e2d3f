/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Knex } from 'knex'
import { Forbidden } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { dbOf } from '../../../hooks/call-transaction'
import { RecordService, type RecordOptions, type RecordParams } from '../../record.class'
import { searchWords, titleIn, type Titles } from '../../../../../domain/clinical/codes/titles'

/**
 * What the two shipped-and-own lists (`icd` codes and `cdb` complaints) share. Shipped entries
 * have no company (companyId null): every company reads them, nobody changes them. A company's
 * own entries sit beside them in the same table and follow the usual tenancy.
 *
 * Reads from outside carry `$withShipped` (put there by the `withShipped` hook after the query
 * was validated, so no client can send it): the company filter then reads "the caller's company
 * or none". `text` is the search box: every word must appear in the hidden `search` column (the
 * code and the titles in every language, lower-cased by JavaScript, which knows Cyrillic).
 */
export class CodeListService<Result = any, Data = any, Params extends RecordParams = RecordParams, Patch = any> extends RecordService<Result, Data, Params, Patch> {
  override createQuery(params: Params = {} as Params) {
    const { $withShipped, text, ...query } = (params.query ?? {}) as Record<string, unknown>
    const companyId = query.companyId
    const shared = $withShipped === true && typeof companyId === 'string'
    if (shared) delete query.companyId
    const extra = this.takeConditions(query)
    const builder = super.createQuery({ ...params, query } as Params)
    const table = this.table
    if (shared) builder.where((scope: Knex.QueryBuilder) => scope.where(`${table}.companyId`, companyId as string).orWhereNull(`${table}.companyId`))
    if (typeof text === 'string') for (const word of searchWords(text)) whereLike(builder, `${table}.search`, `%${likeEscape(word)}%`)
    extra(builder, table)
    return builder
  }

  /**
   * A subclass takes its own conditions out of the query (they are not columns) and applies them
   * to the builder; none by default.
   */
  protected takeConditions(_query: Record<string, unknown>): (builder: Knex.QueryBuilder, table: string) => void {
    return () => undefined
  }
}

/**
 * The adapter's options of both lists: their own filter and `$regex` (read by createQuery), and
 * the trash's title of a removed entry (its code and a title) and its hidden columns.
 */
export function codeListOptions(hidden: readonly string[]): Partial<RecordOptions> {
  const title = (record: Record<string, unknown>) => {
    const titles = typeof record.titles === 'string' ? (JSON.parse(record.titles) as Titles) : ((record.titles ?? {}) as Titles)
    return [record.code, titleIn(titles, 'ru')].filter(Boolean).join(' ')
  }
  return { filters: { $withShipped: true }, operators: ['$regex', '$options'], trash: { title, hidden } }
}

/** LIKE's wildcards taken literally (the pattern is text, never syntax). */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/** `column LIKE pattern` with `\` as the escape character, the same on both engines. */
export function whereLike(builder: Knex.QueryBuilder, column: string, pattern: string) {
  builder.whereRaw(`?? like ? escape '\\'`, [column, pattern])
}

/** Before find and get from outside: the shipped entries are read beside the company's own. */
export function withShipped(context: HookContext) {
  if (!context.params.provider || !context.params.identity) return
  context.params.query = { ...(context.params.query ?? {}), $withShipped: true }
}

/**
 * Before update, patch and remove from outside: a shipped entry is refused as read-only
 * (Forbidden, so the screen can say why), rather than "not found" as the company filter would.
 */
export function refuseShipped(table: string) {
  return async (context: HookContext) => {
    if (!context.params.provider || typeof context.id !== 'string') return
    const row = (await dbOf(context.app, context.params)(table).where({ _id: context.id }).first('companyId')) as { companyId: string | null } | undefined
    if (row && row.companyId === null) throw clinicError(Forbidden, 'shipped-entry-read-only')
  }
}
