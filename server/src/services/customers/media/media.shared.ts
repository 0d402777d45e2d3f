import { clientService } from '../../../client-service'
import type { Media, MediaPatch, MediaQuery, MediaService } from './media.class'

export type { Media, MediaPatch, MediaQuery }

export const mediaPath = 'media'
/**
 * find/get/patch (the title)/remove (to the trash) over the socket. A file arrives through the
 * upload route (`POST /media/upload`, server/src/http/media-routes.ts), which creates the record:
 * every client hears it as a `created` event. `create` from a socket is refused.
 */
export const mediaMethods = ['find', 'get', 'patch', 'remove'] as const
export type MediaClientService = Pick<MediaService, (typeof mediaMethods)[number]>

export type { MediaOwnerType, MediaKind } from './media-types.shared'

export const mediaClient = clientService<MediaClientService>()(mediaPath, mediaMethods)
