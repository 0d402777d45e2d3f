import { clientService } from '../../../client-service'
import type { RoleService } from './roles.class'

export const rolePath = 'roles'
export const roleMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type RoleClientService = Pick<RoleService, (typeof roleMethods)[number]>
export type { Role, RoleData, RolePatch, RoleQuery } from './roles.schema'
export const roleClient = clientService<RoleClientService>()(rolePath, roleMethods)
