import { clientService } from '../../../client-service'
import type { PermissionsService } from './permissions.class'

export const permissionsPath = 'permissions'
export const permissionsMethods = ['find'] as const
export type PermissionsClientService = Pick<PermissionsService, (typeof permissionsMethods)[number]>
export type { PermissionsSummary } from './permissions.schema'
export const permissionsClient = clientService<PermissionsClientService>()(permissionsPath, permissionsMethods)
