import type { Id } from '@feathersjs/feathers'
import { Conflict } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { roleHeld } from '../../team/users/user-rows'
import type { Role, RoleData, RolePatch, RoleQuery } from './roles.schema'

export type RoleParams = RecordParams & { query?: RoleQuery }

/**
 * Roles of a company: a name and permission grants (spec section 6). Only a role nobody holds
 * can be removed (users.roleId references it without cascade), so it goes to trash alone; a
 * restore is a conflict when the name was taken meanwhile.
 */
export class RoleService extends RecordService<Role, RoleData, RoleParams, RolePatch> {
  /** A role someone still holds cannot go: they would be left without any permissions. */
  override async _remove(id: Id, params?: RoleParams) {
    const role = await this._get(id, params)
    if (await roleHeld(this.knexOf(params), role._id)) throw clinicError(Conflict, 'role-in-use')
    return super._remove(id, params)
  }
}

export const roleServiceOptions = (app: Application) => recordOptions(app, 'roles')
export const roleRowShape = { json: ['permissions'] }
