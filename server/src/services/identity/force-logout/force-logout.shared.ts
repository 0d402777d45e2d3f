import { clientService } from '../../../client-service'
import type { ForceLogoutService } from './force-logout.class'

export const forceLogoutPath = 'force-logout'
export const forceLogoutMethods = ['create'] as const
export type ForceLogoutClientService = Pick<ForceLogoutService, (typeof forceLogoutMethods)[number]>
export interface ForceLogoutResult {
  ended: number
}
export const forceLogoutClient = clientService<ForceLogoutClientService>()(forceLogoutPath, forceLogoutMethods)
