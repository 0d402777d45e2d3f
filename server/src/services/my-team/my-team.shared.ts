import type { MyTeamService } from './my-team.class'

export const myTeamPath = 'my-team'
export const myTeamMethods = ['find', 'get'] as const
export type MyTeamClientService = Pick<MyTeamService, (typeof myTeamMethods)[number]>
export type { MyTeamMember, MyTeamQuery } from './my-team.schema'

/** What anyone with `my-team` view may see about a colleague: no contacts, pay or access. */
export const myTeamFields = [
  '_id', 'first_name', 'last_name', 'middle_name', 'color', 'specialtyId', 'roleId', 'branchIds',
  'acceptsAppointments', 'staticPrice', 'staticDuration'
] as const
