import type { Knex } from 'knex'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { companySettings } from '../../company/company/company-reads'
import { notifyStaff } from '../../messaging/notification/notification-store'
import { memberSeesTask } from './task-rules'
import { RowCodec } from '../../row-codec'
import { TASKS_TABLE, taskRowShape, type Task } from './tasks.class'

const codec = new RowCodec(taskRowShape)
const iso = (ms: number) => new Date(ms).toISOString()

/** A reminder still to give: due, task not done, not given yet. */
const waiting = (builder: Knex.QueryBuilder, nowMs: number) =>
  builder.where({ status: 'in-progress' }).whereNull('remindedAt').whereNotNull('remindAt').andWhere('remindAt', '<=', iso(nowMs))

/**
 * Claims up to `limit` reminders due at `nowMs` (the reminder worker, server/src/jobs/task-reminders.ts):
 * marking a task reminded is the claim, so each reminder is given by one worker only, across
 * instances and restarts. PostgreSQL: one UPDATE over SELECT ... FOR UPDATE SKIP LOCKED;
 * SQLite (one process writes): a conditional UPDATE per row, which only one can win.
 */
export async function claimDueReminders(db: Knex, nowMs: number, limit: number): Promise<Task[]> {
  const claim = { remindedAt: iso(nowMs), updatedAt: iso(nowMs) }
  const due = () => waiting(db(TASKS_TABLE).select('_id'), nowMs).orderBy([{ column: 'remindAt' }, { column: '_id' }]).limit(limit)
  if (db.client.config.client === 'pg') {
    const rows = (await waiting(db(TASKS_TABLE).whereIn('_id', due().forUpdate().skipLocked()), nowMs).update(claim, '*')) as Record<string, unknown>[]
    return rows.map((row) => codec.fromDb<Task>(row)).sort((a, b) => (a.remindAt ?? '').localeCompare(b.remindAt ?? '') || a._id.localeCompare(b._id))
  }
  const claimed: Task[] = []
  for (const { _id } of await due()) {
    const count = await waiting(db(TASKS_TABLE).where({ _id }), nowMs).update(claim)
    if (Number(count) === 1) claimed.push(codec.fromDb<Task>(await db(TASKS_TABLE).where({ _id }).first()))
  }
  return claimed
}

/**
 * The staff notifications of reminders just claimed, in the claim's transaction (the bell and a
 * Web Push, docs/decisions/staff-notifications.md): one per task, to its assignee while they may
 * still see the task. It opens the patient's tasks tab, or the task list.
 */
export async function notifyReminders(app: Application, params: Params, tasks: readonly Task[]): Promise<void> {
  const db = dbOf(app, params)
  const settings = new Map<string, Record<string, unknown>>()
  for (const task of tasks) {
    if (!settings.has(task.companyId)) settings.set(task.companyId, await companySettings(db, task.companyId))
    if (!(await memberSeesTask(db, task.companyId, task, settings.get(task.companyId)!))) continue
    await notifyStaff(app, params, {
      companyId: task.companyId,
      userIds: [task.assigneeId],
      branchId: task.branchId,
      kind: 'task-due',
      params: { taskId: task._id, description: task.description, dueAt: task.dueAt, customerId: task.customerId },
      link: task.customerId ? `/customer/${task.customerId}/tasks` : '/company/tasks'
    })
  }
}
