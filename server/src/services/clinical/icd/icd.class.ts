import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { recordOptions, type RecordParams } from '../../record.class'
import { CodeListService, codeListOptions, likeEscape, whereLike } from './code-list.class'
import type { IcdCode, IcdCodeData, IcdCodePatch, IcdCodeQuery } from './icd.schema'

export type { IcdCode, IcdCodeData, IcdCodePatch, IcdCodeQuery }
export type IcdParams = RecordParams & { query?: IcdCodeQuery }

/** The table of codes; the `icd-import` service of the same area writes it too. */
export const ICD_TABLE = 'icd'
export const icdRowShape = { json: ['titles'], hidden: ['search'] }

/**
 * `$regex` on `code` is read as text, never as a pattern: a leading `^` anchors it at the start
 * (the search box's "K02" finds K02 and its subcategories), otherwise it matches any part of the
 * code. Codes are stored upper-case, so the text is upper-cased: `$options: 'i'` changes nothing.
 * No regular-expression engine is exposed (the customers service explains what that costs).
 */
export class IcdService extends CodeListService<IcdCode, IcdCodeData, IcdParams, IcdCodePatch> {
  protected override takeConditions(query: Record<string, unknown>) {
    const condition = query.code as { $regex?: string; $options?: string } | undefined
    if (!condition || typeof condition !== 'object' || condition.$regex === undefined) return () => undefined
    const { $regex, $options: _options, ...rest } = condition
    if (Object.keys(rest).length > 0) query.code = rest
    else delete query.code
    const anchored = $regex.startsWith('^')
    const text = likeEscape((anchored ? $regex.slice(1) : $regex).toUpperCase())
    return (builder: Knex.QueryBuilder, table: string) => whereLike(builder, `${table}.code`, anchored ? `${text}%` : `%${text}%`)
  }
}

export const icdServiceOptions = (app: Application) => recordOptions(app, ICD_TABLE, codeListOptions(icdRowShape.hidden))
