import type { Middleware } from 'koa'
import type { Params } from '@feathersjs/feathers'
import { Gone, MethodNotAllowed, NotAuthenticated, NotFound } from '@feathersjs/errors'
import type { Application } from '../declarations'
import { clinicError } from '../errors'
import { loadIdentity } from '../access/identity'
import { mediaStoreOf } from '../services/customers/media/media-files'
import { verifiedClaims } from '../services/customers/media/media-links'
import { exportById } from '../services/reports/report-exports/export-store'
import { EXPORT_MIME } from '../services/reports/report-exports/export-writer'
import { exportFileName } from '../../../domain/reports/report-exports'
import { answerError, bearerCaller, callerParams } from './media-routes'

const DOWNLOAD = /^\/report-exports\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/file$/

/**
 * `GET /report-exports/<id>/file`: a ready export's file, with `Authorization: Bearer` or the
 * signed link of the socket's answer (media-links.ts, bound to the member and session). The
 * export is read through `report-exports` as that member, so only its owner (in its company)
 * gets it: anyone else's is not found. Always a download (attachment).
 */
export function reportExportRoutes(app: Application): Middleware {
  return async (ctx, next) => {
    const download = DOWNLOAD.exec(ctx.path)
    if (!download) return next()
    try {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new MethodNotAllowed('Download with GET', { code: 'invalid-request' })
      const exportId = download[1]
      let params: Params
      if (ctx.get('Authorization')) params = await bearerCaller(app, ctx)
      else {
        const claims = verifiedClaims(app.get('config').authSecret, exportId, 'report-export', ctx.query)
        if (!claims) throw clinicError(NotAuthenticated, 'invalid-link')
        params = callerParams(await loadIdentity(app.get('db'), claims.sessionId, claims.userId))
      }
      // The owner's check is the service's own get; the file's key stays on the server.
      const made = await app.service('report-exports').get(exportId, params)
      const stored = made.status === 'ready' ? await exportById(app.get('db'), made._id, { companyId: made.companyId, userId: made.userId }) : undefined
      if (!stored?.fileKey) throw clinicError(NotFound, 'not-found')
      const file = await mediaStoreOf(app).open(stored.fileKey)
      if (!file) throw clinicError(Gone, 'export-expired')
      ctx.status = 200
      ctx.type = EXPORT_MIME[made.format]
      ctx.length = file.size
      ctx.set('X-Content-Type-Options', 'nosniff')
      ctx.set('Cache-Control', 'private, no-store')
      ctx.set('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(exportFileName(made.title, made.format))}`)
      ctx.body = file.stream
    } catch (error) {
      answerError(app, ctx, error)
    }
  }
}
