import { clientService } from '../../../client-service'
import type { UserService } from './users.class'

export const userPath = 'users'
export const userMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type UserClientService = Pick<UserService, (typeof userMethods)[number]>
export type { User, UserData, UserPatch, UserQuery } from './users.schema'
export const userClient = clientService<UserClientService>()(userPath, userMethods)
