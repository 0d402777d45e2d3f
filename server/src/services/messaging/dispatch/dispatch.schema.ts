import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { InstantSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { MAX_DISPATCH_TEXT, dispatchChannels, dispatchStates, exclusionReasons } from '../../../../../domain/messaging/dispatch'
import { outboxStates } from '../communications/communications.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(type: T) => Type.Union([type, Type.Null()])
const LocalDate = Type.String({ format: 'date' })
const MonthDay = Type.String({ pattern: '^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' })

/** Which patients a broadcast is for (domain/messaging/dispatch.ts `DispatchFilter`). */
export const dispatchFilterSchema = Type.Object(
  {
    tagIds: Type.Optional(Type.Array(ref('tags'), { maxItems: 50, uniqueItems: true })),
    lastVisitBefore: Type.Optional(LocalDate),
    lastVisitAfter: Type.Optional(LocalDate),
    debtors: Type.Optional(Type.Boolean()),
    birthdayFrom: Type.Optional(MonthDay),
    birthdayTo: Type.Optional(MonthDay),
    branchIds: Type.Optional(Type.Array(ref('branches'), { maxItems: 100, uniqueItems: true }))
  },
  { additionalProperties: false }
)
export type DispatchFilterData = Static<typeof dispatchFilterSchema>

const counts = <T extends string>(keys: readonly T[]) => Type.Partial(Type.Object(Object.fromEntries(keys.map((key) => [key, Type.Integer({ minimum: 0 })])) as Record<T, ReturnType<typeof Type.Integer>>), { additionalProperties: false })

/** A broadcast to patients (issue 18, items 5 and 6; docs/decisions/messaging.md "Dispatch"). */
export const dispatchSchema = Type.Object(
  {
    ...recordProperties,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    channel: literals(dispatchChannels),
    /** The clinic's text; `{{patient}}` and `{{clinic}}` are filled per patient, the opt-out line is added. */
    text: Type.String({ minLength: 1, maxLength: MAX_DISPATCH_TEXT }),
    filter: dispatchFilterSchema,
    state: literals(dispatchStates),
    /** When it starts (null: as soon as it is scheduled); quiet hours hold its messages further. */
    scheduledAt: nullable(InstantSchema),
    startedAt: nullable(InstantSchema),
    /** Every recipient's message is in the outbox. */
    enqueuedAt: nullable(InstantSchema),
    finishedAt: nullable(InstantSchema),
    /** Patients the filter matched when it started; of them `recipients` get it, `excluded` not (by reason). */
    matched: Type.Integer(),
    recipients: Type.Integer(),
    excluded: counts(exclusionReasons),
    /** SMS parts of the messages written so far, their price each and the cost (minor units). */
    segments: Type.Integer(),
    segmentPrice: Type.Integer(),
    cost: Type.Integer(),
    /** Its messages by state (scheduled, sending, sent, delivered, failed, unknown, cancelled), live. */
    progress: counts(outboxStates)
  },
  { $id: 'Dispatch', additionalProperties: false }
)
export type Dispatch = Static<typeof dispatchSchema>
export const dispatchResolver = resolve<Dispatch, HookContext>({})
export const dispatchExternalResolver = resolve<Dispatch, HookContext>({})

export const dispatchDataSchema = Type.Intersect(
  [Type.Pick(dispatchSchema, ['name', 'text']), Type.Partial(Type.Pick(dispatchSchema, ['channel', 'filter', 'scheduledAt']))],
  { $id: 'DispatchData', additionalProperties: false }
)
export type DispatchData = Static<typeof dispatchDataSchema>
export const dispatchDataValidator = getValidator(dispatchDataSchema, dataValidator)
export const dispatchDataResolver = resolve<Dispatch, HookContext>({
  ...recordCreateResolvers,
  name: async (value) => value?.trim(),
  channel: async (value) => value ?? ('sms' as const),
  filter: async (value) => value ?? {},
  state: async () => 'draft' as const,
  scheduledAt: async (value) => value ?? null,
  startedAt: async () => null,
  enqueuedAt: async () => null,
  finishedAt: async () => null,
  matched: async () => 0,
  recipients: async () => 0,
  excluded: async () => ({}),
  segments: async () => 0,
  segmentPrice: async () => 0,
  cost: async () => 0,
  progress: async () => ({})
})

/** A draft's fields, or a move of state (scheduled, draft, cancelled: dispatch-rules.ts). */
export const dispatchPatchSchema = Type.Partial(Type.Pick(dispatchSchema, ['name', 'text', 'channel', 'filter', 'scheduledAt', 'state']), {
  $id: 'DispatchPatch',
  additionalProperties: false
})
export type DispatchPatch = Static<typeof dispatchPatchSchema>
export const dispatchPatchValidator = getValidator(dispatchPatchSchema, dataValidator)
export const dispatchPatchResolver = resolve<Dispatch, HookContext>({
  ...recordPatchResolvers,
  name: async (value) => value?.trim()
})

export const dispatchQuerySchema = strictQuery(Type.Pick(dispatchSchema, ['_id', 'companyId', 'state', 'channel', 'scheduledAt', 'createdAt', 'updatedAt', 'createdBy']), {}, {}, undefined, dispatchSchema)
export type DispatchQuery = Static<typeof dispatchQuerySchema>
export const dispatchQueryValidator = getValidator(dispatchQuerySchema, queryValidator)
