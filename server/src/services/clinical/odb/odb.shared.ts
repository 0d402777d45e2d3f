import { clientService } from '../../../client-service'
import type { Odb, OdbData, OdbPatch, OdbQuery, OdbService } from './odb.class'

export type { Odb, OdbData, OdbPatch, OdbQuery }

/** The spec's path (section 7) for objective findings; screen /company/odb/{parentId?}. */
export const odbPath = 'odb'
export const odbMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type OdbClientService = Pick<OdbService, (typeof odbMethods)[number]>
/** How deep the findings tree goes: examination part, then its findings. */
export const MAX_ODB_DEPTH = 2
export const odbClient = clientService<OdbClientService>()(odbPath, odbMethods)
