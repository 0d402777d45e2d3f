import { BadRequest } from '@feathersjs/errors'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator } from '../../../validators'
import { authManagementActions, type AuthManagementAction } from './auth-management.shared'

/**
 * Data: the envelope every call sends, `{ action, value }` (feathers-authentication-management's
 * shape; its `notifierOptions` is accepted and ignored). Each action's value is checked by its
 * own schema below, so field errors carry paths such as `password`, not `value.password`.
 */
export const authManagementDataSchema = Type.Object(
  {
    action: Type.Unsafe<AuthManagementAction>({ type: 'string', enum: [...authManagementActions] }),
    value: Type.Object({}, { additionalProperties: true }),
    notifierOptions: Type.Optional(Type.Object({}, { additionalProperties: true }))
  },
  { $id: 'AuthManagementData', additionalProperties: false }
)
export type AuthManagementData = Static<typeof authManagementDataSchema>
export const authManagementDataValidator = getValidator(authManagementDataSchema, dataValidator)

const email = Type.String({ minLength: 1, maxLength: 254 })
const password = Type.String({ minLength: 1, maxLength: 200 })

export const sendResetPwdValueSchema = Type.Object({ email }, { $id: 'SendResetPwdValue', additionalProperties: false })
export type SendResetPwdValue = Static<typeof sendResetPwdValueSchema>

export const resetPwdLongValueSchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), password },
  { $id: 'ResetPwdLongValue', additionalProperties: false }
)
export type ResetPwdLongValue = Static<typeof resetPwdLongValueSchema>

export const passwordChangeValueSchema = Type.Object(
  { oldPassword: password, password, passwordConfirmation: Type.String({ maxLength: 200 }) },
  { $id: 'PasswordChangeValue', additionalProperties: false }
)
export type PasswordChangeValue = Static<typeof passwordChangeValueSchema>

export const checkUniqueValueSchema = Type.Object({ email }, { $id: 'CheckUniqueValue', additionalProperties: false })
export type CheckUniqueValue = Static<typeof checkUniqueValueSchema>

const valueValidators: Record<AuthManagementAction, (value: unknown) => Promise<unknown>> = {
  sendResetPwd: getValidator(sendResetPwdValueSchema, dataValidator),
  resetPwdLong: getValidator(resetPwdLongValueSchema, dataValidator),
  passwordChange: getValidator(passwordChangeValueSchema, dataValidator),
  checkUnique: getValidator(checkUniqueValueSchema, dataValidator)
}

/** Validates `value` against its action's schema (after the envelope was validated). */
export async function validateActionValue(context: HookContext) {
  const data = context.data as AuthManagementData
  try {
    context.data = { ...data, value: await valueValidators[data.action](data.value) }
  } catch (error) {
    const failure = error as { ajv?: boolean; message?: string; errors?: unknown }
    throw failure.ajv ? new BadRequest(failure.message ?? 'Invalid data', failure.errors) : error
  }
}

export type AuthManagementResult = { sent: true } | { unique: boolean } | { changed: true }
