import { clientService } from '../../../client-service'
import type { ProfileService } from './profile.class'

export const profilePath = 'profile'
export const profileMethods = ['get', 'patch'] as const
export type ProfileClientService = Pick<ProfileService, (typeof profileMethods)[number]>
export type { Profile, ProfilePatch } from './profile.schema'

/** The id that names the caller's own profile. */
export const ME = 'me'
export const profileClient = clientService<ProfileClientService>()(profilePath, profileMethods)
