import type { Application } from '../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../record.class'
import type { User, UserData, UserPatch, UserQuery } from './users.schema'

export type UserParams = RecordParams & { query?: UserQuery }

/** Team members. `$search` is a starts-with match on names and e-mail, using their indexes. */
export class UserService extends RecordService<User, UserData, UserParams, UserPatch> {
  override createQuery(params: UserParams = {} as UserParams) {
    const { $search, ...query } = (params.query ?? {}) as UserQuery
    const builder = super.createQuery({ ...params, query } as UserParams)
    const term = typeof $search === 'string' ? $search.trim().toLowerCase() : ''
    if (term) {
      const prefix = `${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
      builder.where((where) => {
        for (const column of ['first_name', 'last_name', 'email']) where.orWhereRaw(`lower(users.${column}) like ? escape '\\'`, [prefix])
      })
    }
    return builder
  }
}

export const userServiceOptions = (app: Application) => recordOptions(app, 'users', { filters: { $search: (value: unknown) => value } })
export const userRowShape = { json: ['branchIds', 'schedule'], boolean: ['acceptsAppointments', 'allowLogin', 'isOwner', 'archived'] }
