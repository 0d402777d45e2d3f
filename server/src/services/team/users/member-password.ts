import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { changePassword } from '../../identity/auth-management/replace-password'
import type { UserService } from './users.class'
import type { UserPatch } from './users.schema'

/** The new password of a users.patch, from takeNewPassword to writeWithNewPassword. */
const newPasswords = new WeakMap<HookContext, string>()

/**
 * Takes `password` out of a users.patch before anything resolves or stores it: it is written
 * only by writeWithNewPassword, through the one path of every password change. Nobody sets
 * their own password here: spec section 5 wants the current password for that, which
 * authManagement `passwordChange` (Profile → Security) asks for, throttled.
 */
export async function takeNewPassword(context: HookContext) {
  const { password, ...rest } = context.data as UserPatch
  if (password === undefined) return
  const caller = context.params.identity?.user._id
  if (caller && String(context.id) === caller) throw clinicError(BadRequest, 'own-password-in-profile', 'password')
  newPasswords.set(context, password)
  context.data = rest
}

/**
 * Writes a users.patch that carries another member's new password: the rest of the patch
 * commits with the password or not at all (changePassword's transaction), and all of the
 * member's sessions end, since the usual reason is a compromised account. Runs last of the
 * before hooks and sets the result, so the plain write is skipped.
 */
export async function writeWithNewPassword(context: HookContext) {
  const password = newPasswords.get(context)
  if (password === undefined) return
  const service = context.self as UserService
  const userId = String(context.id)
  // Within the call's scope (the caller's company) first: the reuse rule must not answer
  // about the password of anyone the caller cannot see.
  await service._get(userId, context.params)
  let patched: unknown
  await changePassword(context.app, {
    userId,
    password,
    changedBy: context.params.identity?.user._id ?? userId,
    params: context.params,
    within: async (trx) => {
      patched = await service._patch(userId, context.data, { ...context.params, transaction: { trx } })
    }
  })
  context.result = patched
}
