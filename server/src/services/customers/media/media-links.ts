import crypto from 'node:crypto'
import type { HookContext } from '../../../declarations'
import type { Application } from '../../../declarations'
import { defaultMediaConfiguration } from './media-store'

/**
 * Download links. A browser cannot send an Authorization header from `<img src>` or a download
 * link, so find/get answer each file with short-lived links signed by the server (HMAC-SHA256
 * under a key derived from the token secret), bound to the file, its variant (file or
 * thumbnail), the reader (user and session) and an expiry. The download route checks the
 * signature, then loads the reader from that session (an ended session or a restricted account
 * fails) and reads the file through the media service as that reader, so permission, tenancy
 * and the patient's branch are checked again on every download (docs/security.md).
 */
export type MediaVariant = 'file' | 'thumbnail'
/** A printed document's PDF (server/src/http/document-routes.ts) and a report's export (report-export-routes.ts) are linked the same way. */
export type LinkVariant = MediaVariant | 'document' | 'report-export'

export interface LinkClaims {
  /** The file's id: a media item's, or a printed document's for the `document` variant. */
  mediaId: string
  variant: LinkVariant
  userId: string
  sessionId: string
  /** Seconds since the epoch. */
  expires: number
}

const keyOf = (secret: string) => crypto.createHmac('sha256', secret).update('media-download-link/v1').digest()

function signature(secret: string, claims: LinkClaims): string {
  const text = [claims.mediaId, claims.variant, claims.userId, claims.sessionId, String(claims.expires)].join('\n')
  return crypto.createHmac('sha256', keyOf(secret)).update(text).digest('base64url')
}

export function signedPath(secret: string, claims: LinkClaims): string {
  const query = new URLSearchParams({ u: claims.userId, s: claims.sessionId, e: String(claims.expires), sig: signature(secret, claims) })
  const path = claims.variant === 'document' ? `/documents/${claims.mediaId}/file` : claims.variant === 'report-export' ? `/report-exports/${claims.mediaId}/file` : `/media/${claims.mediaId}/${claims.variant}`
  return `${path}?${query.toString()}`
}

/** The claims of a link if its signature holds and it has not expired, else null. */
export function verifiedClaims(secret: string, mediaId: string, variant: LinkVariant, query: Record<string, unknown>, nowSeconds = Math.floor(Date.now() / 1000)): LinkClaims | null {
  const [userId, sessionId, expiresText, given] = ['u', 's', 'e', 'sig'].map((key) => (typeof query[key] === 'string' ? (query[key] as string) : ''))
  const expires = Number(expiresText)
  if (!userId || !sessionId || !given || !Number.isInteger(expires)) return null
  const claims = { mediaId, variant, userId, sessionId, expires }
  const expected = Buffer.from(signature(secret, claims))
  const received = Buffer.from(given)
  if (expected.length !== received.length || !crypto.timingSafeEqual(expected, received)) return null
  return expires >= nowSeconds ? claims : null
}

/** The signing secret and the claims common to a reader's links of one file (none for internal calls). */
function readerClaims(context: HookContext, id: string) {
  const identity = context.params.identity
  if (!context.params.provider || !identity) return undefined
  const app = context.app as Application
  const config = app.get('config')
  const seconds = (config.media ?? defaultMediaConfiguration).linkSeconds
  const expires = Math.floor(Date.now() / 1000) + seconds
  return { secret: config.authSecret, base: { mediaId: id, userId: identity.user._id, sessionId: identity.session._id, expires } }
}

/** The links of one file for the caller of a find/get (none for internal calls). */
export function mediaLinks(context: HookContext, media: { _id: string; thumbnail: string | null }) {
  const reader = readerClaims(context, media._id)
  if (!reader) return undefined
  const { secret, base } = reader
  return {
    file: signedPath(secret, { ...base, variant: 'file' }),
    thumbnail: media.thumbnail ? signedPath(secret, { ...base, variant: 'thumbnail' }) : null,
    expiresAt: new Date(base.expires * 1000).toISOString()
  }
}

/** The link to a report export's file for the caller of a find/get (none for internal calls). */
export function reportExportLink(context: HookContext, exportId: string) {
  const reader = readerClaims(context, exportId)
  if (!reader) return undefined
  return { file: signedPath(reader.secret, { ...reader.base, variant: 'report-export' }), expiresAt: new Date(reader.base.expires * 1000).toISOString() }
}

/** The link to a printed document's PDF for the caller of a find/get/create (none for internal calls). */
export function documentLink(context: HookContext, documentId: string) {
  const reader = readerClaims(context, documentId)
  if (!reader) return undefined
  return { file: signedPath(reader.secret, { ...reader.base, variant: 'document' }), expiresAt: new Date(reader.base.expires * 1000).toISOString() }
}
