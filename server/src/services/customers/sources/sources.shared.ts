import { clientService } from '../../../client-service'
import type { Source, SourceData, SourcePatch, SourceQuery, SourceService } from './sources.class'

export type { Source, SourceData, SourcePatch, SourceQuery }

export const sourcePath = 'sources'
export const sourceMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type SourceClientService = Pick<SourceService, (typeof sourceMethods)[number]>
export const sourceClient = clientService<SourceClientService>()(sourcePath, sourceMethods)
