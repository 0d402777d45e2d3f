import { BadRequest } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { now } from '../../../hooks/ids'
import { dbOf } from '../../../hooks/call-transaction'
import { visibleCustomer } from '../../../hooks/customer-visibility'
import { mayViewRecord } from '../../../access/record-scope'
import { seesWholeCompany } from '../../../access/identity'
import { memberRoleAndBranches } from '../../team/users/user-rows'
import { storedRoleGrants } from '../../identity/roles/role-rows'
import { roleRowShape } from '../../identity/roles/roles.class'
import { RowCodec } from '../../row-codec'
import { companySettingsFor } from '../../company/company/company-reads'
import { customerBranch, customerScope } from '../../customers/customers/customer-branches'
import { hasPermission } from '../../../../../domain/access/check'
import type { Permission } from '../../../../../domain/access/resources'
import type { TaskService } from './tasks.class'
import type { Task } from './tasks.schema'
import { taskDatesProblem } from './tasks.shared'

/** The rules a task keeps whole, whatever part of it a call sends: a recall has a patient; the dates keep their order. */
function checkWhole(task: Pick<Task, 'kind' | 'customerId' | 'startAt' | 'dueAt' | 'endBefore' | 'remindAt'>) {
  if (task.kind === 'treatment-reminder' && !task.customerId) throw clinicError(BadRequest, 'task-patient-required', 'customerId')
  const problem = taskDatesProblem(task)
  if (problem) throw clinicError(BadRequest, problem.code, problem.field)
}

const roleCodec = new RowCodec(roleRowShape)

/**
 * The assignee must be able to see the task: their role views tasks, and of a patient's task,
 * customers too, and that patient (the customers' scope: their branches, or every branch when
 * the role sees the whole company or the company lets branches see all customers). Else a
 * reminder would go to no one (`task-assignee-cannot-see`, at `assigneeId`).
 */
async function assigneeMaySee(context: HookContext, task: { assigneeId: string; customerId: string | null }) {
  const identity = context.params.identity
  if (!context.params.provider || !identity) return
  const db = dbOf(context.app, context.params)
  const companyId = identity.user.companyId
  const settings = await companySettingsFor(db, companyId, context.params)
  if (!(await memberSeesTask(db, companyId, task, settings))) throw clinicError(BadRequest, 'task-assignee-cannot-see', 'assigneeId')
}

/**
 * Whether the assignee sees the task as of now (the rule above; the reminder worker asks it too
 * before it writes the assignee a notification: a patient's task may have left their sight since).
 */
export async function memberSeesTask(db: Knex, companyId: string, task: { assigneeId: string; customerId: string | null }, settings: Record<string, unknown>): Promise<boolean> {
  const member = await memberRoleAndBranches(db, task.assigneeId, companyId)
  const stored = member && (await storedRoleGrants(db, member.roleId))
  const permissions = stored ? roleCodec.fromDb<{ permissions: Permission[] }>(stored).permissions : []
  let sees = hasPermission(permissions, 'tasks', 'view')
  if (sees && task.customerId) {
    const branchId = await customerBranch(db, companyId, task.customerId)
    const viewer = { userId: task.assigneeId, permissions, branchIds: seesWholeCompany(permissions) ? [] : (member?.branchIds ?? []), settings }
    sees = hasPermission(permissions, 'customers', 'view') && branchId !== undefined && mayViewRecord(customerScope, viewer, { branchId, ownerId: null })
  }
  return sees
}

/** Before create (after the schema): a patient the caller sees; the whole task's rules (start defaults to now); an assignee who sees it. */
export async function taskCreateRules(context: HookContext) {
  const data = context.data as Partial<Task>
  if (data.customerId) await visibleCustomer(context, data.customerId)
  checkWhole({ kind: data.kind!, customerId: data.customerId ?? null, startAt: data.startAt ?? now(), dueAt: data.dueAt!, endBefore: data.endBefore ?? null, remindAt: data.remindAt ?? null })
  await assigneeMaySee(context, { assigneeId: data.assigneeId!, customerId: data.customerId ?? null })
}

/**
 * Before patch (after the schema): the task as the caller sees it (another's task, or one of a
 * patient they do not see, is not found); a new patient one they see; the merged task's rules;
 * a new assignee or patient one the assignee sees.
 * Done and back, and a moved reminder, are settled here: `doneAt`/`doneBy` stamp the change of
 * state, and a reminder moved to another time will be given again (`remindedAt` cleared).
 */
export async function taskPatchRules(context: HookContext) {
  const data = { ...(context.data as Partial<Task>) }
  const current = (await (context.service as TaskService)._get(context.id!, { ...context.params, query: { companyId: context.params.query?.companyId } })) as Task
  if (data.customerId && data.customerId !== current.customerId) await visibleCustomer(context, data.customerId)
  checkWhole({ ...current, ...data })
  const changesWho = (data.assigneeId !== undefined && data.assigneeId !== current.assigneeId) || (data.customerId !== undefined && data.customerId !== current.customerId)
  if (changesWho) await assigneeMaySee(context, { assigneeId: data.assigneeId ?? current.assigneeId, customerId: data.customerId === undefined ? current.customerId : data.customerId })
  if (data.remindAt !== undefined && data.remindAt !== current.remindAt) data.remindedAt = null
  if (data.status === 'done' && current.status !== 'done') Object.assign(data, { doneAt: now(), doneBy: context.params.identity?.user._id ?? null })
  if (data.status === 'in-progress' && current.status === 'done') Object.assign(data, { doneAt: null, doneBy: null })
  context.data = data
}
