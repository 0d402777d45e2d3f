import type { Middleware } from 'koa'
import type { Params } from '@feathersjs/feathers'
import { FeathersError, GeneralError, MethodNotAllowed, NotAuthenticated, NotFound, TooManyRequests, BadRequest } from '@feathersjs/errors'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import type { Application } from '../declarations'
import { clinicError } from '../errors'
import { loadIdentity, type Identity } from '../access/identity'
import { MEDIA_UPLOAD_ROUTE, MAX_MEDIA_TITLE } from '../services/customers/media/media-types.shared'
import { mediaOwnerAccess } from '../services/customers/media/media-owner'
import { mediaConfigOf, mediaStoreOf, receiveUpload, tooLarge } from '../services/customers/media/media-files'
import { mediaKey } from '../services/customers/media/media-store'
import { verifiedClaims, type MediaVariant } from '../services/customers/media/media-links'
import type { Media } from '../services/customers/media/media.shared'

type Context = Parameters<Middleware>[0]

const DOWNLOAD = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(file|thumbnail)$/

/**
 * The plain-HTTP half of media (ARCHITECTURE.md: uploads and downloads are HTTP's to carry):
 * - `POST /media/upload?ownerType=&ownerId=&title=` with the file's bytes as the body and
 *   `Authorization: Bearer <access token>`: the same token, permission, tenancy and branch rules
 *   as the socket (the file is created through the media service as the caller);
 * - `GET /media/<id>/file|thumbnail` with the same header, or with a signed link from the
 *   socket's find/get (media-links.ts), read through the media service as the reader.
 * Errors answer in the Feathers error shape with the status of their class.
 */
export function mediaRoutes(app: Application): Middleware {
  const limiter = new RateLimiterMemory({ keyPrefix: 'media-upload', points: mediaConfigOf(app).uploadsPerMinute, duration: 60 })
  return async (ctx, next) => {
    const download = DOWNLOAD.exec(ctx.path)
    if (ctx.path !== MEDIA_UPLOAD_ROUTE && !download) return next()
    try {
      if (ctx.path === MEDIA_UPLOAD_ROUTE) {
        if (ctx.method !== 'POST') throw new MethodNotAllowed('Upload with POST', { code: 'invalid-request' })
        await upload(app, ctx, limiter)
      } else {
        if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new MethodNotAllowed('Download with GET', { code: 'invalid-request' })
        await send(app, ctx, download![1], download![2] as MediaVariant)
      }
    } catch (error) {
      answerError(app, ctx, error)
    }
  }
}

export function answerError(app: Application, ctx: Context, error: unknown) {
  const failure = error instanceof FeathersError ? error : new GeneralError('Oops.. Something Went Wrong..', { code: 'something-went-wrong' })
  if (!(error instanceof FeathersError)) app.get('logger').error({ msg: 'media route failed', err: error })
  ctx.status = failure.code
  ctx.set('Cache-Control', 'no-store')
  ctx.body = failure.toJSON()
}

/** The caller from `Authorization: Bearer`, as the socket's token strategy loads it. */
export async function bearerCaller(app: Application, ctx: Context): Promise<Params> {
  const header = ctx.get('Authorization')
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  if (!match) throw clinicError(NotAuthenticated, 'not-authenticated')
  const authentication = { strategy: 'jwt', accessToken: match[1] }
  const result = await app.service('authentication').authenticate(authentication, { provider: 'rest' }, 'jwt')
  return callerParams(result.identity as Identity, authentication)
}

export function callerParams(identity: Identity, authentication?: { strategy: string; accessToken: string }): Params {
  return { provider: 'rest', identity, authentication, authenticated: true }
}

async function upload(app: Application, ctx: Context, limiter: RateLimiterMemory) {
  const { maxBytes } = mediaConfigOf(app)
  const params = await bearerCaller(app, ctx)
  const identity = params.identity as Identity
  // Refused before a byte is read: a declared length over the limit.
  const declaredLength = Number(ctx.get('Content-Length') || NaN)
  if (Number.isFinite(declaredLength) && declaredLength > maxBytes) throw tooLarge(maxBytes)
  try {
    await limiter.consume(identity.user._id)
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      ctx.set('Retry-After', String(Math.ceil(error.msBeforeNext / 1000)))
      throw clinicError(TooManyRequests, 'too-many-attempts')
    }
    throw error
  }
  const ownerType = String(ctx.query.ownerType ?? '')
  const ownerId = String(ctx.query.ownerId ?? '')
  const title = String(ctx.query.title ?? '').trim().slice(0, MAX_MEDIA_TITLE)
  if (!/^[0-9a-f-]{36}$/.test(ownerId)) throw clinicError(BadRequest, 'media-owner-invalid', 'ownerId')
  // The owner's rule before the bytes: a stranger's upload is refused unread.
  await mediaOwnerAccess(app, params, ownerType, ownerId, 'edit')
  let received
  try {
    received = await receiveUpload(app, identity.user.companyId, ctx.req, { mime: ctx.get('Content-Type'), name: title })
  } catch (error) {
    if ((error as FeathersError).code === 413) {
      // Stop reading: answer now and close the connection instead of taking the rest.
      ctx.set('Connection', 'close')
      ctx.res.once('finish', () => ctx.req.destroy())
    }
    throw error
  }
  const created = await app.service('media').create(
    { ...received, ownerType: ownerType as Media['ownerType'], ownerId, title: title || received.hash.slice(0, 12) },
    params
  )
  ctx.status = 201
  ctx.body = created
}

async function send(app: Application, ctx: Context, mediaId: string, variant: MediaVariant) {
  let params: Params
  if (ctx.get('Authorization')) params = await bearerCaller(app, ctx)
  else {
    const claims = verifiedClaims(app.get('config').authSecret, mediaId, variant, ctx.query)
    if (!claims) throw clinicError(NotAuthenticated, 'invalid-link')
    params = callerParams(await loadIdentity(app.get('db'), claims.sessionId, claims.userId))
  }
  const media = (await app.service('media').get(mediaId, params)) as Media
  if (variant === 'thumbnail' && !media.thumbnail) throw clinicError(NotFound, 'not-found')
  const stored = await mediaStoreOf(app).open(mediaKey(media.companyId, media.hash, variant === 'thumbnail' ? 'thumbnail' : 'original'))
  if (!stored) throw clinicError(NotFound, 'not-found')
  const name = variant === 'thumbnail' ? `${media.title}.webp` : media.title
  ctx.status = 200
  ctx.type = variant === 'thumbnail' ? 'image/webp' : media.mime
  ctx.length = stored.size
  ctx.set('X-Content-Type-Options', 'nosniff')
  ctx.set('Cache-Control', 'private, max-age=300')
  ctx.set('Content-Disposition', `${media.kind === 'dicom' || ctx.query.download === '1' ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(name)}`)
  ctx.body = stored.stream
}
