import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { userRowShape } from '../../team/users/users.class'
import type { Profile, ProfilePatch, ProfileQuery } from './profile.schema'

export type ProfileParams = RecordParams & { query?: ProfileQuery }

/** A person's own team-member record, read and edited by themselves (the 'me' id). */
export class ProfileService extends RecordService<Profile, never, ProfileParams, ProfilePatch> {}

export const profileServiceOptions = (app: Application) => recordOptions(app, 'users')
export const profileRowShape = userRowShape
