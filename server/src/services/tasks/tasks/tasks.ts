import { hooks as schemaHooks } from '@feathersjs/schema'
import type { RealTimeConnection } from '@feathersjs/feathers'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { companyChannel, connectionMay, connectionViewer, userChannel } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { patientAudience } from '../../customers/customers/patient-audience'
import type { RecordScope } from '../../../access/record-scope'
import { TaskService, TASKS_TABLE, taskRowShape, taskServiceOptions, type Task } from './tasks.class'
import {
  taskDataResolver,
  taskDataSchema,
  taskDataValidator,
  taskExternalResolver,
  taskPatchResolver,
  taskPatchSchema,
  taskPatchValidator,
  taskQueryResolver,
  taskQueryValidator,
  taskResolver
} from './tasks.schema'
import { taskCreateRules, taskPatchRules } from './task-rules'
import { TASK_REMINDED_EVENT, taskMethods, taskPath } from './tasks.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [taskPath]: TaskService
  }
}

/** Lists come soonest due first unless the caller sorts. */
function sortByDue(context: HookContext) {
  const query = context.params.query ?? {}
  if (!query.$sort) context.params.query = { ...query, $sort: { dueAt: 1, _id: 1 } }
}

const userOf = (connection: RealTimeConnection) => connectionViewer(connection, {})?.userId

/**
 * Those who may see the task (as the service's reads): people who may view tasks, with
 * `seeAll` or as its assignee or author; of a patient's task, only among those who see the patient.
 */
async function taskAudience(app: Application, task: Task, context?: HookContext) {
  const base = task.customerId
    ? await patientAudience(app, { companyId: task.companyId, customerId: task.customerId }, 'tasks', context)
    : app.channel(companyChannel(task.companyId)).filter((connection) => connectionMay(connection, 'tasks', 'view'))
  return base.filter((connection) => connectionMay(connection, 'tasks', 'seeAll') || [task.assigneeId, task.createdBy].includes(userOf(connection) ?? ''))
}

/** A due reminder (the worker's `reminded`): only the assignee's own connections, while they may see the task. */
async function reminderAudience(app: Application, task: Task) {
  const allowed = new Set((await taskAudience(app, task)).connections)
  return app.channel(userChannel(task.assigneeId)).filter((connection) => allowed.has(connection))
}

/** Which removed tasks the trash shows: those of patients the viewer sees (a task of no patient: by its branch). */
const taskScope: RecordScope = { customer: { field: 'customerId' } }

/**
 * `tasks`: tasks and reminders (issue 17, item 5; docs/decisions/tasks.md). Company records with
 * `tasks` permissions per method; without `seeAll` one sees the tasks assigned to or made by
 * oneself, and a patient's tasks only while one sees the patient (TaskService.createQuery). The
 * reminder worker (server/src/jobs/task-reminders.ts) emits `reminded` to the assignee.
 */
export function tasks(app: Application) {
  const service = registerService(app, taskPath, new TaskService({ ...taskServiceOptions(app), scope: taskScope }, taskRowShape), {
    methods: [...taskMethods],
    events: [TASK_REMINDED_EVENT],
    tables: [TASKS_TABLE],
    customerRows: [{ table: TASKS_TABLE, column: 'customerId' }],
    access: { data: { create: taskDataSchema, patch: taskPatchSchema }, methods: standardAccess('tasks') },
    hooks: {
      around: { all: [resolveExternal(taskExternalResolver), resolveResult(taskResolver)] },
      before: {
        all: [checkId(), schemaHooks.validateQuery(taskQueryValidator), companyScope, schemaHooks.resolveQuery(taskQueryResolver)],
        find: [sortByDue],
        create: [trimStrings('description'), schemaHooks.validateData(taskDataValidator), taskCreateRules, schemaHooks.resolveData(taskDataResolver)],
        patch: [trimStrings('description'), schemaHooks.validateData(taskPatchValidator), taskPatchRules, schemaHooks.resolveData(taskPatchResolver)]
      }
    },
    publish: (data: unknown, context: HookContext) => taskAudience(app, data as Task, context)
  })
  service.publish(TASK_REMINDED_EVENT, (data: unknown) => reminderAudience(app, data as Task))
}
