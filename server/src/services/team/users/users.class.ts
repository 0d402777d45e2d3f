import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { User, UserData, UserPatch, UserQuery } from './users.schema'

export type UserParams = RecordParams & { query?: UserQuery }

/**
 * Team members. `$search` is a starts-with match on names and e-mail, using their indexes.
 *
 * Removing a member moves them to trash with their whole row (password hashes included, never
 * sent). The database takes their sessions and password-reset links with them (ON DELETE
 * CASCADE): they are signed out everywhere at once, and a restore brings the member back able
 * to sign in with their old password but without that history. A restore is refused with a
 * conflict when the e-mail was taken meanwhile or their role no longer exists (foreign key).
 */
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
