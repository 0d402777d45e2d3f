import type { Knex } from 'knex'
import { RowCodec } from '../../row-codec'
import { newId, now } from '../../../hooks/ids'
import { EXPORT_LIMITS } from '../../../../../domain/reports/report-exports'
import type { ReportExport } from './report-exports.shared'
import type { ReportExportData } from './report-exports.schema'

/**
 * The rows of `report_exports` (owned by `report-exports`): what the service reads and writes,
 * and what the background runner (server/src/jobs/report-export-runner.ts) claims, reports
 * progress on and cleans up. Safe with several instances: a job is claimed by a conditional
 * UPDATE that only one instance can win (queued, or running with a claim gone stale), and every
 * later write of the job names its claim, so an instance whose claim was taken over (or whose
 * job was removed) finds 0 rows changed and stops.
 */
export const REPORT_EXPORTS_TABLE = 'report_exports'

/** A running job with no progress written for this long is taken over by another instance. */
export const STALE_CLAIM_MS = 5 * 60_000

const codec = new RowCodec({ json: ['query', 'columns', 'labels'], instant: ['claimedAt', 'finishedAt', 'expiresAt'] })
const iso = (ms: number) => new Date(ms).toISOString()

/** A stored export with what stays on the server (the session the job reads as, the file's key, the claim). */
export interface ExportJob extends ReportExport {
  sessionId: string
  fileKey: string | null
  claimedAt: string | null
}

export const exportOf = (row: Record<string, unknown>): ExportJob => {
  const job = codec.fromDb<ExportJob>(row)
  return { ...job, done: Number(job.done), total: Number(job.total), size: job.size === null || job.size === undefined ? null : Number(job.size) }
}

/** What the owner sees: the row without the session, the file's key and the claim. */
export function exportView(job: ExportJob): ReportExport {
  const { sessionId: _session, fileKey: _file, claimedAt: _claim, ...view } = job
  return view
}

export interface Owner {
  companyId: string
  userId: string
}

/** A member's exports, newest first, with the total of the same filter. */
export async function exportsOf(db: Knex, owner: Owner, filter: { status?: string; limit: number; skip: number }) {
  const mine = () => {
    const builder = db(REPORT_EXPORTS_TABLE).where(owner)
    if (filter.status) builder.andWhere({ status: filter.status })
    return builder
  }
  const [{ count }] = (await mine().count({ count: '*' })) as Array<{ count: number | string }>
  const rows = filter.limit === 0 ? [] : ((await mine().orderBy([{ column: 'createdAt', order: 'desc' }, { column: '_id', order: 'desc' }]).limit(filter.limit).offset(filter.skip)) as Record<string, unknown>[])
  return { total: Number(count), data: rows.map(exportOf) }
}

/** One export of a member (or of the company, for internal calls without an owner); undefined when not theirs. */
export async function exportById(db: Knex, id: string, owner: Partial<Owner>): Promise<ExportJob | undefined> {
  const row = await db(REPORT_EXPORTS_TABLE).where({ _id: id, ...Object.fromEntries(Object.entries(owner).filter(([, value]) => value !== undefined)) }).first()
  return row ? exportOf(row) : undefined
}

/** How many exports of a member wait or run. */
export async function unfinishedExports(db: Knex, owner: Owner): Promise<number> {
  const [{ count }] = (await db(REPORT_EXPORTS_TABLE).where(owner).whereIn('status', ['queued', 'running']).count({ count: '*' })) as Array<{ count: number | string }>
  return Number(count)
}

/** Stores a new export, queued for the runner. */
export async function insertExport(db: Knex, owner: Owner & { sessionId: string }, data: ReportExportData, total: number): Promise<ExportJob> {
  const stamp = now()
  const job: ExportJob = {
    _id: newId(), companyId: owner.companyId, userId: owner.userId, sessionId: owner.sessionId, createdAt: stamp, updatedAt: stamp, createdBy: owner.userId,
    report: data.report, query: data.query, format: data.format, columns: data.columns, labels: data.labels, title: data.title,
    status: 'queued', done: 0, total, errorCode: null, fileKey: null, size: null, claimedAt: null, finishedAt: null,
    // A queued job that never ran goes too, a day after it was asked for.
    expiresAt: iso(Date.parse(stamp) + EXPORT_LIMITS.keepHours * 3_600_000)
  }
  await db(REPORT_EXPORTS_TABLE).insert(codec.toDb({ ...job }))
  return job
}

export async function deleteExport(db: Knex, id: string): Promise<number> {
  return Number(await db(REPORT_EXPORTS_TABLE).where({ _id: id }).delete())
}

/**
 * Claims the oldest export waiting (or running under a claim gone stale: its instance stopped)
 * at `nowMs`; undefined when none. Only one instance wins a row: the UPDATE repeats the
 * condition it was chosen by, so a second claimer changes 0 rows and tries the next.
 */
export async function claimExport(db: Knex, nowMs: number): Promise<ExportJob | undefined> {
  const stale = iso(nowMs - STALE_CLAIM_MS)
  const claimable = (builder: Knex.QueryBuilder) => builder.where((either) => either.where({ status: 'queued' }).orWhere((running) => running.where({ status: 'running' }).andWhere('claimedAt', '<', stale)))
  const candidates = (await claimable(db(REPORT_EXPORTS_TABLE).select('_id')).orderBy([{ column: 'createdAt' }, { column: '_id' }]).limit(5)) as Array<{ _id: string }>
  for (const { _id } of candidates) {
    const claimedAt = iso(nowMs)
    const changed = await claimable(db(REPORT_EXPORTS_TABLE).where({ _id })).update({ status: 'running', claimedAt, done: 0, updatedAt: claimedAt, errorCode: null })
    if (Number(changed) === 1) return exportOf(await db(REPORT_EXPORTS_TABLE).where({ _id }).first())
  }
  return undefined
}

/** Writes a job's progress under its claim (which it renews); false when the job is gone or taken over. */
export async function recordProgress(db: Knex, job: ExportJob, progress: { done: number; total: number }, nowMs: number): Promise<ExportJob | undefined> {
  const stamp = iso(nowMs)
  const changed = await db(REPORT_EXPORTS_TABLE).where({ _id: job._id, claimedAt: job.claimedAt, status: 'running' }).update({ ...progress, claimedAt: stamp, updatedAt: stamp })
  return Number(changed) === 1 ? { ...job, ...progress, claimedAt: stamp, updatedAt: stamp } : undefined
}

/** Ends a job under its claim: ready with its file, or failed with a code. Undefined when the job is gone or taken over. */
export async function finishExport(db: Knex, job: ExportJob, end: { status: 'ready'; fileKey: string; size: number; done: number; total: number } | { status: 'failed'; errorCode: string }, nowMs: number): Promise<ExportJob | undefined> {
  const stamp = iso(nowMs)
  const change = { ...end, finishedAt: stamp, updatedAt: stamp, expiresAt: iso(nowMs + EXPORT_LIMITS.keepHours * 3_600_000) }
  const changed = await db(REPORT_EXPORTS_TABLE).where({ _id: job._id, claimedAt: job.claimedAt, status: 'running' }).update(change)
  return Number(changed) === 1 ? { ...job, ...change, fileKey: end.status === 'ready' ? end.fileKey : null } : undefined
}

/** Exports past their expiry at `nowMs` (ready, failed or never run), oldest first. */
export async function expiredExports(db: Knex, nowMs: number, limit: number): Promise<ExportJob[]> {
  const rows = (await db(REPORT_EXPORTS_TABLE).where('expiresAt', '<=', iso(nowMs)).whereNot({ status: 'running' }).orderBy('expiresAt').limit(limit)) as Record<string, unknown>[]
  return rows.map(exportOf)
}

/** Puts a running job back in the queue under its claim (its instance is stopping): another takes it at once. */
export async function releaseExport(db: Knex, job: ExportJob, nowMs: number): Promise<void> {
  await db(REPORT_EXPORTS_TABLE).where({ _id: job._id, claimedAt: job.claimedAt, status: 'running' }).update({ status: 'queued', claimedAt: null, done: 0, updatedAt: iso(nowMs) })
}
