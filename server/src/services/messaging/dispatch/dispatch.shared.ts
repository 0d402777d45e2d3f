import { clientService } from '../../../client-service'
import type { Dispatch, DispatchData, DispatchPatch, DispatchQuery, DispatchService } from './dispatch.class'

export type { Dispatch, DispatchData, DispatchPatch, DispatchQuery }

/**
 * The spec's path (section 7): broadcasts to patients, screen /company/dispatch. A broadcast is
 * made as a draft, then `patch({ state: 'scheduled' })` starts it (now, or at `scheduledAt`);
 * `patch({ state: 'cancelled' })` stops it and withdraws its messages not yet sent;
 * `patch({ state: 'draft' })` takes a scheduled one back before it started. Only drafts are
 * edited or removed.
 */
export const dispatchPath = 'dispatch'
export const dispatchMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export type DispatchClientService = Pick<DispatchService, (typeof dispatchMethods)[number]>

export const dispatchClient = clientService<DispatchClientService>()(dispatchPath, dispatchMethods)
