import { client } from '../../api/client'
import { platform } from '../../platform'
import type { Media, MediaOwnerType } from '../../../../server/src/services/customers/media/media.shared'
import { mediaUploadUrl } from '../../../../server/src/services/customers/media/media-types.shared'

/** A refusal of the upload route, in the shape of a socket error (name, code, data.code). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data: Record<string, unknown>
  ) {
    super(message)
  }
}

/**
 * Sends one file to the upload route with the session's token (the only HTTP call the screens
 * make: the socket carries no files). `onProgress` gets 0..1 while the bytes leave. The created
 * record also arrives as a `created` event, which refreshes every list of files.
 */
export async function uploadMedia(owner: { type: MediaOwnerType; id: string }, file: File, onProgress: (share: number) => void, signal?: AbortSignal): Promise<Media> {
  const token = await client.authentication.getAccessToken()
  return new Promise<Media>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', platform.serverUrl() + mediaUploadUrl(owner, file.name))
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`)
    // The declared type is checked against the content on the server; an empty one says nothing.
    if (file.type) request.setRequestHeader('Content-Type', file.type)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      let body: Record<string, unknown> = {}
      try {
        body = JSON.parse(request.responseText) as Record<string, unknown>
      } catch {
        // Not JSON: a proxy's page; the generic message follows.
      }
      if (request.status === 201) resolve(body as unknown as Media)
      else reject(new UploadError(String(body.message ?? request.statusText), request.status, (body.data as Record<string, unknown>) ?? { code: 'something-went-wrong' }))
    }
    request.onerror = () => reject(new UploadError('network', 0, { code: 'something-went-wrong' }))
    request.onabort = () => reject(new UploadError('aborted', 0, { code: 'something-went-wrong' }))
    signal?.addEventListener('abort', () => request.abort())
    request.send(file)
  })
}

/** An absolute address of a link the server gave (links are paths on the server). */
export const mediaHref = (link: string) => platform.serverUrl() + link

/** Bytes as "12.3 MB" in the interface's number style. */
export function formatBytes(bytes: number, number: (value: number) => string, units: { b: string; kb: string; mb: string; gb: string }): string {
  if (bytes < 1024) return `${number(bytes)} ${units.b}`
  if (bytes < 1024 * 1024) return `${number(Math.round(bytes / 102.4) / 10)} ${units.kb}`
  if (bytes < 1024 * 1024 * 1024) return `${number(Math.round(bytes / (1024 * 104.8576)) / 10)} ${units.mb}`
  return `${number(Math.round(bytes / (1024 * 1024 * 107.37418)) / 10)} ${units.gb}`
}
