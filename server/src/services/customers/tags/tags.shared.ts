import { clientService } from '../../../client-service'
import type { Tag, TagData, TagPatch, TagQuery, TagService } from './tags.class'

export type { Tag, TagData, TagPatch, TagQuery }

export const tagPath = 'tags'
export const tagMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type TagClientService = Pick<TagService, (typeof tagMethods)[number]>
export const tagClient = clientService<TagClientService>()(tagPath, tagMethods)
