import type { Middleware } from 'koa'
import type { Params } from '@feathersjs/feathers'
import { MethodNotAllowed, NotAuthenticated, NotFound } from '@feathersjs/errors'
import type { Application } from '../declarations'
import { clinicError } from '../errors'
import { loadIdentity } from '../access/identity'
import { mediaStoreOf } from '../services/customers/media/media-files'
import { mediaKey } from '../services/customers/media/media-store'
import { verifiedClaims } from '../services/customers/media/media-links'
import type { PrintedDocument } from '../services/documents/documents/documents.shared'
import { answerError, bearerCaller, callerParams } from './media-routes'

const DOWNLOAD = /^\/documents\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/file$/

/**
 * `GET /documents/<id>/file`: a printed document's PDF, with `Authorization: Bearer` or the signed
 * link of the socket's answer (media-links.ts), read through the documents service as the reader,
 * so permission, tenancy and the patient's branch are checked on every download. Shown inline
 * (the browser's viewer prints it); `?download=1` saves it.
 */
export function documentRoutes(app: Application): Middleware {
  return async (ctx, next) => {
    const download = DOWNLOAD.exec(ctx.path)
    if (!download) return next()
    try {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new MethodNotAllowed('Download with GET', { code: 'invalid-request' })
      const documentId = download[1]
      let params: Params
      if (ctx.get('Authorization')) params = await bearerCaller(app, ctx)
      else {
        const claims = verifiedClaims(app.get('config').authSecret, documentId, 'document', ctx.query)
        if (!claims) throw clinicError(NotAuthenticated, 'invalid-link')
        params = callerParams(await loadIdentity(app.get('db'), claims.sessionId, claims.userId))
      }
      const document = (await app.service('documents').get(documentId, params)) as PrintedDocument
      const stored = await mediaStoreOf(app).open(mediaKey(document.companyId, document.sha256, 'document'))
      if (!stored) throw clinicError(NotFound, 'not-found')
      const name = `${document.title}${document.copy ? ' (copy)' : ''}.pdf`.replace(/[\\/:*?"<>|]/g, '_')
      ctx.status = 200
      ctx.type = 'application/pdf'
      ctx.length = stored.size
      ctx.set('X-Content-Type-Options', 'nosniff')
      ctx.set('Cache-Control', 'private, max-age=300')
      ctx.set('Content-Disposition', `${ctx.query.download === '1' ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(name)}`)
      ctx.body = stored.stream
    } catch (error) {
      answerError(app, ctx, error)
    }
  }
}
