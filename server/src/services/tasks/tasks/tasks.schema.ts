import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { InstantSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { now } from '../../../hooks/ids'
import { MAX_TASK_DESCRIPTION } from './tasks.shared'

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()])

/**
 * A task or reminder (issue 17, item 5): a user reminder, or a treatment reminder (a recall) about
 * a patient, made from a visit or a plan. The dates are explained in docs/decisions/tasks.md:
 * `startAt` when the work starts, `dueAt` when it should be done (overdue after it), `endBefore`
 * a hard deadline, `remindAt` when the assignee is reminded (the form computes it from "remind
 * after" the start); `remindedAt` is set once by the reminder worker.
 */
export const taskSchema = Type.Object(
  {
    ...recordProperties,
    /** Where it was made: the writer's current branch. Tasks are not confined to it (they follow the assignee). */
    branchId: ref('branches'),
    kind: Type.Union([Type.Literal('treatment-reminder'), Type.Literal('user-reminder'), Type.Literal('call-back')]),
    description: Type.String({ minLength: 1, maxLength: MAX_TASK_DESCRIPTION }),
    assigneeId: ref('users'),
    customerId: nullable(ref('customers')),
    appointmentId: nullable(ref('appointment')),
    treatmentPlanId: nullable(ref('treatment-plan')),
    startAt: InstantSchema,
    dueAt: InstantSchema,
    endBefore: nullable(InstantSchema),
    remindAt: nullable(InstantSchema),
    remindedAt: nullable(InstantSchema),
    status: Type.Union([Type.Literal('in-progress'), Type.Literal('done')]),
    doneAt: nullable(InstantSchema),
    doneBy: nullable(Type.String({ format: 'uuid' }))
  },
  { $id: 'Task', additionalProperties: false }
)
export type Task = Static<typeof taskSchema>
export const taskResolver = resolve<Task, HookContext>({})
export const taskExternalResolver = resolve<Task, HookContext>({})

const optional = ['branchId', 'customerId', 'appointmentId', 'treatmentPlanId', 'startAt', 'endBefore', 'remindAt', 'status'] as const
const editable = ['kind', 'description', 'assigneeId', 'customerId', 'appointmentId', 'treatmentPlanId', 'startAt', 'dueAt', 'endBefore', 'remindAt', 'status'] as const

// Data: what a form sends; the worker's and the server's own fields (remindedAt, doneAt, doneBy) never.
export const taskDataSchema = Type.Intersect(
  [Type.Pick(taskSchema, ['kind', 'description', 'assigneeId', 'dueAt']), Type.Partial(Type.Pick(taskSchema, [...optional]))],
  { $id: 'TaskData', additionalProperties: false }
)
export type TaskData = Static<typeof taskDataSchema>
export const taskDataValidator = getValidator(taskDataSchema, dataValidator)
export const taskDataResolver = resolve<Task, HookContext>({
  ...recordCreateResolvers,
  description: async (value) => value?.trim(),
  branchId: async (value, _data, context) => value ?? context.params.identity?.branchIds[0],
  customerId: async (value) => value ?? null,
  appointmentId: async (value) => value ?? null,
  treatmentPlanId: async (value) => value ?? null,
  startAt: async (value) => value ?? now(),
  endBefore: async (value) => value ?? null,
  remindAt: async (value) => value ?? null,
  remindedAt: async () => null,
  status: async (value) => value ?? 'in-progress',
  doneAt: async (_value, data) => (data.status === 'done' ? now() : null),
  doneBy: async (_value, data, context) => (data.status === 'done' ? (context.params.identity?.user._id ?? null) : null)
})

// Patch: any field of the form; done/undone and a moved reminder are settled by the rules (task-rules.ts).
export const taskPatchSchema = Type.Partial(Type.Pick(taskSchema, [...editable]), { $id: 'TaskPatch', additionalProperties: false })
export type TaskPatch = Static<typeof taskPatchSchema>
export const taskPatchValidator = getValidator(taskPatchSchema, dataValidator)
export const taskPatchResolver = resolve<Task, HookContext>({
  ...recordPatchResolvers,
  description: async (value) => value?.trim()
})

// Query: the lists filter by assignee, patient, status and dates.
export const taskQueryProperties = Type.Pick(taskSchema, [
  '_id', 'companyId', 'branchId', 'kind', 'assigneeId', 'customerId', 'appointmentId', 'treatmentPlanId', 'status', 'startAt', 'dueAt', 'remindAt', 'createdAt', 'updatedAt', 'createdBy'
])
export const taskQuerySchema = strictQuery(taskQueryProperties, {}, {}, undefined, taskSchema)
export type TaskQuery = Static<typeof taskQuerySchema>
export const taskQueryValidator = getValidator(taskQuerySchema, queryValidator)
export const taskQueryResolver = resolve<TaskQuery, HookContext>({})
