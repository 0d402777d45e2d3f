import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { waitingListStatuses } from './waiting-list.shared'

const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
/** '24:00' closes a window at the end of the day. */
const LocalTime = Type.String({ pattern: '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$' })

/** A customer waiting for a slot: preferred doctor (or any), services and time windows. */
export const waitingListSchema = Type.Object(
  {
    ...recordProperties,
    branchId: ref('branches'),
    customerId: ref('customers'),
    staffId: Type.Union([ref('users'), Type.Null()]),
    serviceIds: Type.Array(ref('service'), { maxItems: 50, uniqueItems: true }),
    dateFrom: LocalDate,
    dateTo: LocalDate,
    /** 1 Monday .. 7 Sunday; empty means any day. */
    days: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { maxItems: 7, uniqueItems: true }),
    timeFrom: LocalTime,
    timeTo: LocalTime,
    duration: Type.Integer({ minimum: 5, maximum: 720 }),
    notes: Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]),
    status: Type.Union(waitingListStatuses.map((status) => Type.Literal(status))),
    appointmentId: Type.Union([IdSchema, Type.Null()])
  },
  { $id: 'WaitingListEntry', additionalProperties: false }
)
export type WaitingListEntry = Static<typeof waitingListSchema>
export const waitingListResolver = resolve<WaitingListEntry, HookContext>({})
export const waitingListExternalResolver = resolve<WaitingListEntry, HookContext>({})

const editable = Type.Pick(waitingListSchema, ['branchId', 'customerId', 'staffId', 'serviceIds', 'dateFrom', 'dateTo', 'days', 'timeFrom', 'timeTo', 'duration', 'notes'])

// customerId may be missing here: the service answers "No customer was selected".
export const waitingListDataSchema = Type.Intersect(
  [
    Type.Pick(editable, ['dateFrom', 'dateTo', 'timeFrom', 'timeTo', 'duration']),
    Type.Partial(Type.Pick(editable, ['branchId', 'staffId', 'serviceIds', 'days', 'notes'])),
    Type.Object({ customerId: Type.Optional(Type.Union([ref('customers'), Type.Null()])) })
  ],
  { $id: 'WaitingListData', additionalProperties: false }
)
export type WaitingListData = Static<typeof waitingListDataSchema>
export const waitingListDataValidator = getValidator(waitingListDataSchema, dataValidator)
export const waitingListDataResolver = resolve<WaitingListEntry, HookContext>({
  ...recordCreateResolvers,
  staffId: async (value) => value ?? null,
  serviceIds: async (value) => value ?? [],
  days: async (value) => value ?? [],
  notes: async (value) => value ?? null,
  status: async () => 'waiting' as const,
  appointmentId: async () => null
})

// A client takes an entry off the list (removed) or puts it back (waiting); booking is the appointment's.
export const waitingListPatchSchema = Type.Intersect(
  [
    Type.Partial(Type.Omit(editable, ['branchId', 'customerId'])),
    Type.Partial(Type.Object({ status: Type.Union([Type.Literal('waiting'), Type.Literal('removed')]) }))
  ],
  { $id: 'WaitingListPatch', additionalProperties: false }
)
export type WaitingListPatch = Static<typeof waitingListPatchSchema>
export const waitingListPatchValidator = getValidator(waitingListPatchSchema, dataValidator)
export const waitingListPatchResolver = resolve<WaitingListEntry, HookContext>({ ...recordPatchResolvers })

const queryable = Type.Pick(waitingListSchema, ['_id', 'companyId', 'branchId', 'customerId', 'staffId', 'status', 'dateFrom', 'dateTo', 'appointmentId', 'createdAt', 'updatedAt'])
/** `$fits`: entries whose window and doctor fit that free slot (waiting ones only). */
const fits = Type.Object({ start: InstantSchema, end: InstantSchema, staffId: IdSchema }, { additionalProperties: false })
export const waitingListQuerySchema = strictQuery(queryable, {}, { $fits: fits })
export type WaitingListQuery = Static<typeof waitingListQuerySchema>
export const waitingListQueryValidator = getValidator(waitingListQuerySchema, queryValidator)
