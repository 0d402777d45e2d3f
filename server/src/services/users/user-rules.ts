import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { HookContext } from '../../declarations'
import { assertNoProblem, clinicError } from '../../errors'
import { emailProblem } from '../../../../domain/validation/email'
import { phoneProblem } from '../../../../domain/validation/phone'
import { passwordProblem } from '../../../../domain/validation/password'
import type { UserData, UserPatch } from './users.schema'
import { assertGrantWithin } from '../../access/references'
import { RowCodec } from '../row-codec'
import type { Permission } from '../../../../domain/access/resources'

/**
 * The rules of a team member that the schema cannot say: e-mail, phone and password shape,
 * and that the role, specialty and branches named belong to the caller's company.
 */
export async function checkTeamMember(context: HookContext) {
  const data = context.data as UserData & UserPatch
  const creating = context.method === 'create'
  if (creating || data.email !== undefined) assertNoProblem(emailProblem(data.email), 'email')
  if (data.phone) assertNoProblem(phoneProblem(data.phone), 'phone')
  if (data.password !== undefined || (creating && data.allowLogin !== false)) assertNoProblem(passwordProblem(data.password), 'password')
  for (const field of ['first_name', 'last_name'] as const) {
    if (data[field] !== undefined && data[field]!.trim() === '') throw clinicError(BadRequest, field === 'first_name' ? 'first-name-required' : 'last-name-required', field)
  }
  const companyId = context.params.identity?.user.companyId ?? (data as { companyId?: string }).companyId
  if (!companyId) return
  const db = context.app.get('db')
  if (data.roleId && !(await db('roles').where({ _id: data.roleId, companyId }).first('_id'))) throw clinicError(BadRequest, 'invalid-request', 'roleId')
  if (data.specialtyId && !(await db('specialties').where({ _id: data.specialtyId, companyId }).first('_id'))) {
    throw clinicError(BadRequest, 'invalid-request', 'specialtyId')
  }
  if (data.branchIds) {
    const found = await db('branches').whereIn('_id', data.branchIds).andWhere({ companyId }).count({ total: '_id' })
    if (Number(found[0]?.total ?? 0) !== data.branchIds.length) throw clinicError(BadRequest, 'invalid-request', 'branchIds')
  }
}

/** Nobody locks themselves out, removes themselves or changes their own role; the owner's account stays reachable. */
export async function protectOwnAccount(context: HookContext) {
  const identity = context.params.identity
  if (!context.params.provider || !identity || context.id !== identity.user._id) return
  if (context.method === 'remove') throw clinicError(Forbidden, 'cannot-disable-self')
  const data = context.data as UserPatch
  if (data.allowLogin === false || data.archived === true) throw clinicError(Forbidden, 'cannot-disable-self', 'allowLogin')
  // A role is given by someone else (whose own rights bound it: access/references.ts), never taken.
  if (data.roleId !== undefined && data.roleId !== identity.user.roleId) throw clinicError(Forbidden, 'cannot-change-own-role', 'roleId')
}

/** Restricting a member's access ends their sessions at once (their open sockets too). */
export async function endSessionsOfRestricted(context: HookContext) {
  const user = context.result as { _id: string; allowLogin: boolean; archived: boolean }
  if (user.allowLogin && !user.archived) return
  const sessions = context.app.service('sessions')
  const open = await context.app.get('db')('sessions').where({ userId: user._id }).whereNull('endedAt').select('_id')
  await Promise.all(open.map((session: { _id: string }) => sessions.patch(session._id, { endedAt: new Date().toISOString() })))
}

const roleCodec = new RowCodec({ json: ['permissions'] })

/**
 * Nobody manages a colleague more powerful than they are (issue 11, item 2): editing or removing
 * a member whose role grants more than the caller's own is refused, or a team manager could
 * set an administrator's password or e-mail and take the account over.
 */
export async function withinOwnGrants(context: HookContext) {
  const identity = context.params.identity
  if (!context.params.provider || !identity || typeof context.id !== 'string' || context.id === identity.user._id) return
  const row = await context.app
    .get('db')('users')
    .join('roles', 'roles._id', 'users.roleId')
    .where({ 'users._id': context.id, 'users.companyId': identity.user.companyId })
    .first('roles.permissions')
  // Unknown or another company's member: the service answers NotFound as usual.
  if (row) assertGrantWithin(roleCodec.fromDb<{ permissions: Permission[] }>(row).permissions, identity)
}
