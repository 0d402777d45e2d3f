import { clientService } from '../../../client-service'
import type { AuthManagementService } from './auth-management.class'

/** The path feathers-authentication-management clients call; the spec keeps its camelCase name. */
export const authManagementPath = 'authManagement'
export const authManagementMethods = ['create'] as const
export type AuthManagementClientService = Pick<AuthManagementService, (typeof authManagementMethods)[number]>

/** The actions we serve, named as in feathers-authentication-management. */
export const authManagementActions = ['sendResetPwd', 'resetPwdLong', 'passwordChange', 'checkUnique'] as const
export type AuthManagementAction = (typeof authManagementActions)[number]

/** Where the e-mailed link lands in the renderer; the token travels as `?token=`. */
export const RESET_PASSWORD_ROUTE = '/login/reset-password'

export type {
  AuthManagementData,
  SendResetPwdValue,
  ResetPwdLongValue,
  PasswordChangeValue,
  CheckUniqueValue,
  AuthManagementResult
} from './auth-management.schema'
export const authManagementClient = clientService<AuthManagementClientService>()(authManagementPath, authManagementMethods)
