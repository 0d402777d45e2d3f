import type { Id, Paginated, Params } from '@feathersjs/feathers'
import { BadRequest, NotAuthenticated, NotFound, TooManyRequests } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { asCaller } from '../../../access/caller'
import { afterCommit, dbOf } from '../../../hooks/call-transaction'
import { clinicError } from '../../../errors'
import { mediaStoreOf } from '../../customers/media/media-files'
import { EXPORT_LIMITS } from '../../../../../domain/reports/report-exports'
import { deleteExport, exportById, exportView, exportsOf, insertExport, unfinishedExports, type Owner } from './export-store'
import type { ReportExportData, ReportExportQuery } from './report-exports.schema'
import type { ReportExport } from './report-exports.shared'

export type { ReportExportData, ReportExportQuery }
export type ReportExportParams = Params<ReportExportQuery>

/**
 * Large exports (docs/decisions/reports.md, "Large exports"): the service keeps the member's
 * export records; the runner (server/src/jobs/report-export-runner.ts, `exportRound`) does the
 * work in the background. Every method is the caller's own: another member's export, or another
 * company's, is not found.
 */
export class ReportExportService {
  constructor(private readonly app: Application) {}

  private owner(params?: Params): Owner & { sessionId: string } {
    const identity = params?.identity
    if (!identity) throw clinicError(NotAuthenticated, 'not-authenticated')
    return { companyId: identity.user.companyId, userId: identity.user._id, sessionId: identity.session._id }
  }

  async find(params?: ReportExportParams): Promise<Paginated<ReportExport>> {
    const { sessionId: _session, ...owner } = this.owner(params)
    const query = params?.query ?? {}
    const limit = query.$limit ?? 20
    const skip = query.$skip ?? 0
    const page = await exportsOf(dbOf(this.app, params), owner, { status: query.status, limit, skip })
    return { total: page.total, limit, skip, data: page.data.map(exportView) }
  }

  async get(id: Id, params?: ReportExportParams): Promise<ReportExport> {
    const { sessionId: _session, ...owner } = this.owner(params)
    const found = await exportById(dbOf(this.app, params), String(id), owner)
    if (!found) throw new NotFound(`No record found for id '${id}'`)
    return exportView(found)
  }

  /**
   * Queues an export after checking it as the report itself would: the first row is read
   * through the report as the caller, so a query the report refuses (no period, a branch not
   * theirs, no permission) fails here with the report's own error, and the count is known.
   * At most `EXPORT_LIMITS.runningPerUser` of a member's exports wait or run at once.
   */
  async create(data: ReportExportData, params?: ReportExportParams): Promise<ReportExport> {
    const owner = this.owner(params)
    const db = dbOf(this.app, params)
    if (!data.query.$rows) throw clinicError(BadRequest, 'invalid-request', 'query.$rows')
    if ((await unfinishedExports(db, owner)) >= EXPORT_LIMITS.runningPerUser) throw clinicError(TooManyRequests, 'too-many-exports', undefined, { limit: EXPORT_LIMITS.runningPerUser })
    const report = this.app.service(data.report) as unknown as { find: (params: Params) => Promise<unknown> }
    const probe = (await report.find({ ...asCaller(params!), query: { ...data.query, $limit: 1 } })) as { total?: unknown }
    if (typeof probe.total !== 'number') throw clinicError(BadRequest, 'invalid-request', 'query.$rows')
    return exportView(await insertExport(db, owner, data, probe.total))
  }

  /** Cancels a waiting or running export (the runner stops at its next page) or deletes a finished one with its file. */
  async remove(id: Id, params?: ReportExportParams): Promise<ReportExport> {
    const { sessionId: _session, ...owner } = this.owner(params)
    const db = dbOf(this.app, params)
    const found = await exportById(db, String(id), owner)
    if (!found) throw new NotFound(`No record found for id '${id}'`)
    await deleteExport(db, found._id)
    if (found.fileKey) {
      const key = found.fileKey
      await afterCommit(params, async () => {
        await mediaStoreOf(this.app).remove(key).catch((error: unknown) => this.app.get('logger').warn({ err: error, msg: 'could not remove an export file' }))
      })
    }
    return exportView(found)
  }
}
