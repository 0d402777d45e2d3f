import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { recordOptions, type RecordParams } from '../../record.class'
import { CodeListService, codeListOptions, likeEscape, whereLike } from '../icd/code-list.class'
import { icdFilterCodes } from '../../../../../domain/clinical/codes/complaints'
import type { Complaint, ComplaintData, ComplaintPatch, ComplaintQuery } from './cdb.schema'

export type { Complaint, ComplaintData, ComplaintPatch, ComplaintQuery }
export type CdbParams = RecordParams & { query?: ComplaintQuery }

/** The table of complaints; the `cdb-import` service of the same area writes it too. */
export const CDB_TABLE = 'cdb'
export const cdbRowShape = { json: ['titles', 'icdCodes'], hidden: ['search', 'icdKey'] }

/** `icd: 'K02.1'` lists the complaints tied to K02.1 or to its category K02 (hidden `icdKey`). */
export class CdbService extends CodeListService<Complaint, ComplaintData, CdbParams, ComplaintPatch> {
  protected override takeConditions(query: Record<string, unknown>) {
    const code = query.icd
    delete query.icd
    if (typeof code !== 'string') return () => undefined
    const codes = icdFilterCodes(code.trim().toUpperCase())
    return (builder: Knex.QueryBuilder, table: string) =>
      builder.where((any: Knex.QueryBuilder) => {
        for (const each of codes) any.orWhere((one: Knex.QueryBuilder) => whereLike(one, `${table}.icdKey`, `%|${likeEscape(each)}|%`))
      })
  }
}

export const cdbServiceOptions = (app: Application) => recordOptions(app, CDB_TABLE, codeListOptions(cdbRowShape.hidden))
