import { clientService } from '../../../client-service'
import type { WaitingListEntry, WaitingListData, WaitingListPatch, WaitingListQuery, WaitingListService } from './waiting-list.class'

export type { WaitingListEntry, WaitingListData, WaitingListPatch, WaitingListQuery }

export const waitingListPath = 'waiting-list'
export const waitingListMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export type WaitingListClientService = Pick<WaitingListService, (typeof waitingListMethods)[number]>

/** waiting: wants a slot; booked: an appointment was made from it; removed: no longer wants one. */
export const waitingListStatuses = ['waiting', 'booked', 'removed'] as const
export type WaitingListStatus = (typeof waitingListStatuses)[number]
export const waitingListClient = clientService<WaitingListClientService>()(waitingListPath, waitingListMethods, { branchScoped: true })
