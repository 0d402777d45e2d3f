import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { now } from '../../../hooks/ids'
import { visibleCustomer } from '../../../hooks/customer-visibility'
import type { TaskService } from './tasks.class'
import type { Task } from './tasks.schema'
import { taskDatesProblem } from './tasks.shared'

/** The rules a task keeps whole, whatever part of it a call sends: a recall has a patient; the dates keep their order. */
function checkWhole(task: Pick<Task, 'kind' | 'customerId' | 'startAt' | 'dueAt' | 'endBefore' | 'remindAt'>) {
  if (task.kind === 'treatment-reminder' && !task.customerId) throw clinicError(BadRequest, 'task-patient-required', 'customerId')
  const problem = taskDatesProblem(task)
  if (problem) throw clinicError(BadRequest, problem.code, problem.field)
}

/** Before create (after the schema): a patient the caller sees; the whole task's rules (start defaults to now). */
export async function taskCreateRules(context: HookContext) {
  const data = context.data as Partial<Task>
  if (data.customerId) await visibleCustomer(context, data.customerId)
  checkWhole({ kind: data.kind!, customerId: data.customerId ?? null, startAt: data.startAt ?? now(), dueAt: data.dueAt!, endBefore: data.endBefore ?? null, remindAt: data.remindAt ?? null })
}

/**
 * Before patch (after the schema): the task as the caller sees it (another's task, or one of a
 * patient they do not see, is not found); a new patient one they see; the merged task's rules.
 * Done and back, and a moved reminder, are settled here: `doneAt`/`doneBy` stamp the change of
 * state, and a reminder moved to another time will be given again (`remindedAt` cleared).
 */
export async function taskPatchRules(context: HookContext) {
  const data = { ...(context.data as Partial<Task>) }
  const current = (await (context.service as TaskService)._get(context.id!, { ...context.params, query: { companyId: context.params.query?.companyId } })) as Task
  if (data.customerId && data.customerId !== current.customerId) await visibleCustomer(context, data.customerId)
  checkWhole({ ...current, ...data })
  if (data.remindAt !== undefined && data.remindAt !== current.remindAt) data.remindedAt = null
  if (data.status === 'done' && current.status !== 'done') Object.assign(data, { doneAt: now(), doneBy: context.params.identity?.user._id ?? null })
  if (data.status === 'in-progress' && current.status === 'done') Object.assign(data, { doneAt: null, doneBy: null })
  context.data = data
}
