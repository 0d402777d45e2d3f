import type { Id, Paginated, Params } from '@feathersjs/feathers'
import { dbOf, inCallTransaction } from '../../../hooks/call-transaction'
import { BadRequest, NotFound } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { paginate } from '../../../schema/query'
import { RowCodec } from '../../row-codec'
import { myTeamFields } from './my-team.shared'
import type { MyTeamMember, MyTeamPatch, MyTeamQuery } from './my-team.schema'

export type MyTeamParams = Params<MyTeamQuery>

const codec = new RowCodec({ json: ['branchIds', 'schedule'], boolean: ['acceptsAppointments'] })
const collator = new Intl.Collator(undefined, { numeric: true })
const DEFAULT_SORT: NonNullable<MyTeamQuery['$sort']> = { last_name: 1, first_name: 1, _id: 1 }

/**
 * `my-team`: the active colleagues of the caller's company, public fields only. A company's
 * team is at most a few hundred people, so the whole active team is read in one indexed query
 * and the branch filter (`branchIds` is a JSON list, queried differently on each engine),
 * sorting and paging happen in memory, alike on SQLite and PostgreSQL.
 */
export class MyTeamService {
  constructor(private readonly app: Application) {}

  async find(params: MyTeamParams = {}): Promise<Paginated<MyTeamMember>> {
    const query = params.query ?? {}
    const members = (await this.activeTeam(params, query)).filter((member) => !query.branchId || member.branchIds.includes(query.branchId))
    const limit = Math.min(query.$limit ?? paginate.default, paginate.max)
    const skip = query.$skip ?? 0
    return { total: members.length, limit, skip, data: sortMembers(members, query.$sort ?? DEFAULT_SORT).slice(skip, skip + limit) }
  }

  async get(id: Id, params: MyTeamParams = {}): Promise<MyTeamMember> {
    const [member] = await this.activeTeam(params, {}, String(id))
    if (!member) throw clinicError(NotFound, 'not-found')
    return member
  }

  /**
   * Changes a colleague's working hours or bookability (checked by the hooks). The write goes
   * through `users` as the server's own call, so its rules (schedule check) and its events (to
   * team managers and the person) apply as for any change of a team member.
   */
  async patch(id: Id, data: MyTeamPatch, params: MyTeamParams = {}): Promise<MyTeamMember> {
    await this.get(id, params)
    await this.app.service('users').patch(String(id), data, inCallTransaction(params))
    return this.get(id, params)
  }

  private async activeTeam(params: MyTeamParams, query: MyTeamQuery, id?: string): Promise<MyTeamMember[]> {
    const companyId = companyOf(params)
    const builder = dbOf(this.app, params)('users').select([...myTeamFields]).where({ companyId, archived: false })
    if (id) builder.andWhere({ _id: id })
    if (query.acceptsAppointments !== undefined) builder.andWhere({ acceptsAppointments: query.acceptsAppointments })
    if (query.specialtyId === null) builder.whereNull('specialtyId')
    else if (query.specialtyId) builder.andWhere({ specialtyId: query.specialtyId })
    return (await builder).map((row: Record<string, unknown>) => codec.fromDb<MyTeamMember>(row))
  }
}

/** Tenancy: companyScope puts the caller's company in the query; an internal call must too. */
function companyOf(params: MyTeamParams): string {
  const companyId = params.query?.companyId
  if (!companyId) throw clinicError(BadRequest, 'invalid-request', 'companyId')
  return companyId
}

function sortMembers(members: MyTeamMember[], sort: NonNullable<MyTeamQuery['$sort']>): MyTeamMember[] {
  const keys = Object.entries(sort) as Array<[keyof MyTeamMember, number]>
  return [...members].sort((left, right) => {
    for (const [key, direction] of keys) {
      const order = compareValues(left[key], right[key])
      if (order !== 0) return order * (direction < 0 ? -1 : 1)
    }
    return 0
  })
}

/** Nulls last; strings by a numeric-aware collation; numbers and booleans by value. */
function compareValues(left: unknown, right: unknown): number {
  if (left === right) return 0
  if (left === null || left === undefined) return 1
  if (right === null || right === undefined) return -1
  if (typeof left === 'string' && typeof right === 'string') return collator.compare(left, right)
  return Number(left) - Number(right)
}
