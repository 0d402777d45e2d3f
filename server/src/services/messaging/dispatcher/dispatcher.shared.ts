import { clientService } from '../../../client-service'
import type { DispatchPreview, DispatchRecipient, DispatchRecipientPage, DispatcherData, DispatcherQuery, DispatcherService } from './dispatcher.class'

export type { DispatchPreview, DispatchRecipient, DispatchRecipientPage, DispatcherData, DispatcherQuery }

/** The spec's path (section 7): a broadcast's preview (create) and per-recipient results (find). */
export const dispatcherPath = 'dispatcher'
export const dispatcherMethods = ['find', 'create'] as const
export type DispatcherClientService = Pick<DispatcherService, (typeof dispatcherMethods)[number]>

export const dispatcherClient = clientService<DispatcherClientService>()(dispatcherPath, dispatcherMethods)
