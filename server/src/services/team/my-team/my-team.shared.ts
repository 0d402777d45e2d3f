import { clientService } from '../../../client-service'
import type { MyTeamService } from './my-team.class'

export const myTeamPath = 'my-team'
export const myTeamMethods = ['find', 'get', 'patch'] as const
export type MyTeamClientService = Pick<MyTeamService, (typeof myTeamMethods)[number]>
export type { MyTeamMember, MyTeamPatch, MyTeamQuery } from './my-team.schema'

/**
 * What anyone with `my-team` view may see about a colleague: no contacts, pay or access. The
 * working hours are here so the calendar can shade who works when.
 */
export const myTeamFields = [
  '_id', 'first_name', 'last_name', 'middle_name', 'color', 'specialtyId', 'roleId', 'branchIds',
  'acceptsAppointments', 'staticPrice', 'staticDuration', 'schedule'
] as const

/** What `my-team` edit may change about a colleague: when they work and whether they take bookings. */
export const myTeamEditable = ['schedule', 'acceptsAppointments'] as const
export const myTeamClient = clientService<MyTeamClientService>()(myTeamPath, myTeamMethods)
