import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Params } from '@feathersjs/feathers'
import { FeathersError } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { loadIdentity } from '../../../access/identity'
import { callerParams } from '../../../http/media-routes'
import { companyTimeZone } from '../../company/company/company-reads'
import { mediaStoreOf, uploadFolder } from '../../customers/media/media-files'
import { mediaKey } from '../../customers/media/media-store'
import { notifyStaff } from '../../messaging/notification/notification-store'
import { EXPORT_LIMITS } from '../../../../../domain/reports/report-exports'
import { claimExport, deleteExport, expiredExports, exportView, finishExport, recordProgress, releaseExport, type ExportJob } from './export-store'
import { EXPORT_MIME, openWriter } from './export-writer'
import { reportExportPath } from './report-exports.shared'

/** The rows of one page of a report's drill-down, as every report answers `$rows`. */
interface RowsPage {
  total: number
  data: Array<Record<string, unknown>>
}

/** The params of the member who asked, as if they called: the report's permission, branch and own-figures rules apply unchanged. */
export async function readerParams(app: Application, job: Pick<ExportJob, 'sessionId' | 'userId'>): Promise<Params> {
  return callerParams(await loadIdentity(app.get('db'), job.sessionId, job.userId))
}

/** Tells the owner's connections (only theirs: report-exports.ts publishes to the user channel). */
function announce(app: Application, job: ExportJob) {
  const service = app.service(reportExportPath) as unknown as { emit: (event: string, data: unknown) => void }
  service.emit('patched', exportView(job))
}

/** The file's store key: the company's folder, a random name (never the title, never a client's text). */
export const exportFileKey = (job: Pick<ExportJob, 'companyId' | 'format'>) => mediaKey(job.companyId, crypto.randomBytes(32).toString('hex'), job.format === 'csv' ? 'export-csv' : 'export-xlsx')

/**
 * Runs one claimed export: reads the report's rows as the member who asked, `EXPORT_LIMITS.page`
 * at a time with `$limit`/`$skip`, writes them to a temporary file under DATA_DIR, recording and
 * announcing progress after each page; then moves the file into the media store (the disk under
 * DATA_DIR or the configured bucket, so any instance can serve it), marks the export ready and
 * puts a notification in the member's bell. A refusal of the report (the session ended, the
 * permission taken away) or any error fails the export with its code. A removed or taken-over
 * job stops at its next page and leaves nothing behind.
 */
export async function runExport(app: Application, claimed: ExportJob, clock: () => number = Date.now): Promise<void> {
  const db = app.get('db')
  const folder = uploadFolder(app.get('config').dataDir)
  await fs.promises.mkdir(folder, { recursive: true })
  const temporary = path.join(folder, `export-${claimed._id}-${process.pid}.${claimed.format}.part`)
  let job: ExportJob | undefined = claimed
  let writer: Awaited<ReturnType<typeof openWriter>> | undefined
  try {
    const params = await readerParams(app, claimed)
    const timeZone = await companyTimeZone(db, claimed.companyId)
    writer = await openWriter({ file: temporary, format: claimed.format, title: claimed.title, columns: claimed.columns, labels: claimed.labels, timeZone })
    const report = app.service(claimed.report as 'payment-reports') as unknown as { find: (params: Params) => Promise<unknown> }
    let done = 0
    let total = claimed.total
    for (;;) {
      const page = (await report.find({ ...params, query: { ...claimed.query, $limit: EXPORT_LIMITS.page, $skip: done } })) as RowsPage
      await writer.write(page.data)
      done += page.data.length
      total = page.total
      job = await recordProgress(db, job, { done, total }, clock())
      if (!job) return
      announce(app, job)
      if (page.data.length < EXPORT_LIMITS.page || done >= total) break
      // The server is stopping: the job goes back to the queue for the next instance to start over.
      if (app.get('stopping')) {
        await releaseExport(db, job, clock())
        return
      }
    }
    const size = await writer.close()
    writer = undefined
    const fileKey = exportFileKey(claimed)
    await mediaStoreOf(app).putFile(fileKey, temporary, EXPORT_MIME[claimed.format])
    const ready: ExportJob | undefined = await finishExport(db, job, { status: 'ready', fileKey, size, done, total }, clock())
    if (!ready) {
      await mediaStoreOf(app).remove(fileKey)
      return
    }
    announce(app, ready)
    await notifyStaff(app, undefined, {
      companyId: ready.companyId,
      userIds: [ready.userId],
      kind: 'report-export-ready',
      params: { exportId: ready._id, title: ready.title, rows: done, format: ready.format },
      link: `/report-exports/${ready._id}/file`
    })
  } catch (error) {
    const errorCode = error instanceof FeathersError ? String((error.data as { code?: string } | undefined)?.code ?? error.className) : 'something-went-wrong'
    if (!(error instanceof FeathersError)) app.get('logger').error({ err: error, msg: 'report export failed', exportId: claimed._id })
    const failed = job ? await finishExport(db, job, { status: 'failed', errorCode }, clock()) : undefined
    if (failed) announce(app, failed)
  } finally {
    await writer?.abort()
    await fs.promises.rm(temporary, { force: true })
  }
}

/**
 * One round of the runner: removes the exports past their expiry (row, then file), then claims
 * and runs at most one export. Answers whether it ran one (so the loop goes on at once).
 */
export async function exportRound(app: Application, clock: () => number = Date.now): Promise<number> {
  const db = app.get('db')
  for (const expired of await expiredExports(db, clock(), 100)) {
    // Whoever deletes the row removes the file: two instances never both do.
    if ((await deleteExport(db, expired._id)) === 1) {
      if (expired.fileKey) await mediaStoreOf(app).remove(expired.fileKey)
      ;(app.service(reportExportPath) as unknown as { emit: (event: string, data: unknown) => void }).emit('removed', exportView(expired))
    }
  }
  const job = await claimExport(db, clock())
  if (!job) return 0
  announce(app, job)
  await runExport(app, job, clock)
  return 1
}
