import { clientService } from '../../../client-service'
import type { TrashItem, TrashPatch, TrashQuery, TrashService } from './trash.class'

export type { TrashItem, TrashPatch, TrashQuery }

export const trashPath = 'trash'
export const trashMethods = ['find', 'get', 'patch', 'remove'] as const
export type TrashClientService = Pick<TrashService, (typeof trashMethods)[number]>

/**
 * What the trash service's events carry: the item without its record (`created` when a record
 * is removed, `removed` when it is restored or deleted for good). Read the record with get.
 */
export type TrashSummary = Omit<TrashItem, 'record'>

/** The error code of a restore blocked by a taken id or unique value (a Conflict). */
export const trashRestoreConflict = 'trash-restore-conflict'
export const trashClient = clientService<TrashClientService>()(trashPath, trashMethods)
