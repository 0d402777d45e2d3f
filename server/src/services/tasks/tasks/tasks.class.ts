import type { Knex } from 'knex'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { onlyVisiblePatients } from '../../customers/customers/customer-branches'
import { hasPermission } from '../../../../../domain/access/check'
import type { Task, TaskData, TaskPatch, TaskQuery } from './tasks.schema'

export type { Task, TaskData, TaskPatch, TaskQuery }
export type TaskParams = RecordParams & { query?: TaskQuery }

export const TASKS_TABLE = 'tasks'

/**
 * Tasks: records whose every external read (find, get, and the reads behind patch and remove)
 * keeps to what the caller may see (docs/decisions/tasks.md): without `tasks: seeAll` only the
 * tasks assigned to them or made by them; and a task of a patient only while they see that
 * patient (the customers' own scope). Applied to the SQL itself, so pages and totals are right.
 */
export class TaskService extends RecordService<Task, TaskData, TaskParams, TaskPatch> {
  override createQuery(params: Params = {}): Knex.QueryBuilder {
    const builder = super.createQuery(params as TaskParams)
    const identity = params.identity
    if (!params.provider || !identity) return builder
    const table = TASKS_TABLE
    const me = identity.user._id
    if (!hasPermission(identity.role.permissions, 'tasks', 'seeAll')) {
      builder.where((mine) => mine.where(`${table}.assigneeId`, me).orWhere(`${table}.createdBy`, me))
    }
    return onlyVisiblePatients(builder, this.knexOf(params), table, identity, { withoutPatient: true })
  }
}

export const taskServiceOptions = (app: Application) => recordOptions(app, TASKS_TABLE)
export const taskRowShape = { instant: ['startAt', 'dueAt', 'endBefore', 'remindAt', 'remindedAt', 'doneAt'] }
