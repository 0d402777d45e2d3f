import { clientService } from '../../../client-service'
import type { WorkPlace, WorkPlaceData, WorkPlacePatch, WorkPlaceQuery, WorkPlaceService } from './work-place.class'

export type { WorkPlace, WorkPlaceData, WorkPlacePatch, WorkPlaceQuery }

/** The spec's path (section 7): a branch's chairs and rooms, booked with appointments. */
export const workPlacePath = 'work-place'
export const workPlaceMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type WorkPlaceClientService = Pick<WorkPlaceService, (typeof workPlaceMethods)[number]>

export const workPlaceKinds = ['chair', 'room'] as const
export type WorkPlaceKind = (typeof workPlaceKinds)[number]
export const workPlaceClient = clientService<WorkPlaceClientService>()(workPlacePath, workPlaceMethods, { branchScoped: true })
