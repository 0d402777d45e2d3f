import { BadRequest, Forbidden } from '@feathersjs/errors'
import { dbOf, inCallTransaction } from '../../../hooks/call-transaction'
import type { HookContext } from '../../../declarations'
import { assertNoProblem, clinicError } from '../../../errors'
import { emailProblem } from '../../../../../domain/validation/email'
import { phoneProblem } from '../../../../../domain/validation/phone'
import { passwordProblem } from '../../../../../domain/validation/password'
import type { UserData, UserPatch } from './users.schema'
import { assertStoredGrantWithin } from '../../../access/references'
import { openSessionIds } from '../../identity/sessions/session-rows'
import { storedRoleGrants } from '../../identity/roles/role-rows'
import { memberRoleId } from './user-rows'

/**
 * The rules of a team member that the schema cannot say: e-mail, phone and password shape.
 * That the role, specialty and branches named belong to the caller's company (and the role to
 * their own rights) is checked with every declared reference, in access() (access/references.ts).
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
  const open = await openSessionIds(dbOf(context.app, context.params), user._id)
  await Promise.all(open.map((id) => sessions.patch(id, { endedAt: new Date().toISOString() }, inCallTransaction(context.params))))
}

/**
 * Nobody manages a colleague more powerful than they are (issue 11, item 2): editing or removing
 * a member whose role grants more than the caller's own is refused, or a team manager could
 * set an administrator's password or e-mail and take the account over.
 */
export async function withinOwnGrants(context: HookContext) {
  const identity = context.params.identity
  if (!context.params.provider || !identity || typeof context.id !== 'string' || context.id === identity.user._id) return
  const db = dbOf(context.app, context.params)
  const roleId = await memberRoleId(db, context.id, identity.user.companyId)
  const row = roleId === undefined ? undefined : await storedRoleGrants(db, roleId)
  // Unknown or another company's member: the service answers NotFound as usual.
  if (row) assertStoredGrantWithin(row, identity)
}
