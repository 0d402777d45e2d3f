import { clientService } from '../../../client-service'
import type { UserActivity, UserActivityQuery, UserActivityService } from './user-activities.class'

export type { UserActivity, UserActivityQuery }

export const userActivityPath = 'user-activities'
export const userActivityMethods = ['find', 'get'] as const
export type UserActivityClientService = Pick<UserActivityService, (typeof userActivityMethods)[number]>

/** The methods an entry records. */
export const activityMethods = ['create', 'patch', 'update', 'remove'] as const
export type ActivityMethod = (typeof activityMethods)[number]

/** One field of a patch or update entry's `changes`. */
export interface FieldChange {
  from: unknown
  to: unknown
}
export const userActivityClient = clientService<UserActivityClientService>()(userActivityPath, userActivityMethods)
