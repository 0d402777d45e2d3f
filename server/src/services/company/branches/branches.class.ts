import type { Id } from '@feathersjs/feathers'
import { Conflict } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { Branch, BranchData, BranchPatch, BranchQuery } from './branches.schema'

export type BranchParams = RecordParams & { query?: BranchQuery }

/**
 * Branches of a company. `$regex` on the name runs in the database as a case-insensitive
 * LIKE with the pattern's wildcards escaped (a substring match; no regex engine is exposed).
 * A removed branch goes to trash (no database foreign key points at branches: members list
 * theirs in `branchIds`, which a restore makes valid again).
 */
export class BranchService extends RecordService<Branch, BranchData, BranchParams, BranchPatch> {
  override createQuery(params: BranchParams = {} as BranchParams) {
    const query = { ...(params.query ?? {}) } as Record<string, unknown>
    const name = query.name as { $regex?: string; $options?: string } | undefined
    if (name && typeof name === 'object' && '$regex' in name) delete query.name
    const builder = super.createQuery({ ...params, query } as BranchParams)
    if (name?.$regex !== undefined) {
      const escaped = name.$regex.replace(/[\\%_]/g, (char) => `\\${char}`).toLowerCase()
      builder.whereRaw(`lower(branches.name) like ? escape '\\'`, [`%${escaped}%`])
    }
    return builder
  }

  /** A company keeps at least one working branch. */
  override async _remove(id: Id, params?: BranchParams) {
    const branch = await this._get(id, params)
    const others = await this.knexOf(params)('branches').where({ companyId: branch.companyId, archived: false }).whereNot({ _id: branch._id }).count({ total: '_id' })
    if (Number(others[0]?.total ?? 0) === 0) throw clinicError(Conflict, 'last-branch')
    return super._remove(id, params)
  }
}

export const branchServiceOptions = (app: Application) => recordOptions(app, 'branches', { operators: ['$regex', '$options'] })
export const branchRowShape = { boolean: ['isMain', 'archived'] }
