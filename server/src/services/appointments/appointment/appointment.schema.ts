import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { ClientKeySchema, IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { appointmentStatuses } from '../../../../../domain/appointments/status'
import { repeatFrequencies } from '../../../../../domain/appointments/recurrence'
import { APPOINTMENT_MAX_DURATION, APPOINTMENT_MAX_PAGE, reminderUnits, seriesScopes } from './appointment.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const LocalTime = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' })

/** A treatment or service booked (the spec's "treatments"), copied from the catalogue at booking. */
export const bookedServiceSchema = Type.Object(
  {
    serviceId: ref('service'),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    duration: Type.Integer({ minimum: 0, maximum: 720 }),
    price: Type.Integer({ minimum: 0 }),
    quantity: Type.Integer({ minimum: 1, maximum: 100 })
  },
  { additionalProperties: false }
)

export const repeatSchema = Type.Object(
  {
    frequency: literals(repeatFrequencies),
    interval: Type.Integer({ minimum: 1, maximum: 365 }),
    ends: Type.Union([
      Type.Object({ type: Type.Literal('date'), date: LocalDate }, { additionalProperties: false }),
      Type.Object({ type: Type.Literal('count'), count: Type.Integer({ minimum: 2, maximum: 500 }) }, { additionalProperties: false }),
      Type.Object({ type: Type.Literal('never') }, { additionalProperties: false })
    ])
  },
  { additionalProperties: false }
)

const reminderSchema = Type.Object({ amount: Type.Integer({ minimum: 1, maximum: 1000 }), unit: literals(reminderUnits) }, { additionalProperties: false })
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(type: T) => Type.Union([type, Type.Null()])

/** An appointment (spec sections 3 and 4, the issue-5 contract), in the API's shape. */
export const appointmentSchema = Type.Object(
  {
    ...recordProperties,
    branchId: ref('branches'),
    customerId: ref('customers'),
    staffId: ref('users'),
    workPlaceId: nullable(ref('work-place', { branch: true })),
    start: InstantSchema,
    end: InstantSchema,
    /**
     * end plus the buffer of its services (the chair is cleaned, the doctor writes notes): the
     * slot is held until then. Computed, read-only; the calendar draws it as part of the visit.
     */
    blockedUntil: InstantSchema,
    /** Minutes; the client sends start and duration, the server computes end. */
    duration: Type.Integer({ minimum: 5, maximum: APPOINTMENT_MAX_DURATION }),
    /** Company-local date and time of start: computed, read-only. */
    date: LocalDate,
    time: LocalTime,
    status: literals(appointmentStatuses),
    services: Type.Array(bookedServiceSchema, { maxItems: 50 }),
    repeat: nullable(repeatSchema),
    seriesId: nullable(IdSchema),
    seriesIndex: nullable(Type.Integer({ minimum: 0 })),
    notifyClient: Type.Boolean(),
    reminder: nullable(reminderSchema),
    notes: nullable(Type.String({ maxLength: 5000 })),
    color: nullable(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
    statusChangedAt: nullable(InstantSchema),
    statusChangedBy: nullable(IdSchema)
  },
  { $id: 'Appointment', additionalProperties: false }
)
export type Appointment = Static<typeof appointmentSchema>
export const appointmentResolver = resolve<Appointment, HookContext>({})
export const appointmentExternalResolver = resolve<Appointment, HookContext>({})

/**
 * Not stored (the service reads them and takes them off the row): a booking past working hours
 * (honoured with seeAll on appointment), and the waiting-list entry it books.
 */
const bookingOptions = Type.Object({
  overrideWorkingHours: Type.Optional(Type.Boolean()),
  waitingListId: Type.Optional(ref('waiting-list', { branch: true }))
})

const editable = Type.Pick(appointmentSchema, [
  'branchId', 'customerId', 'staffId', 'workPlaceId', 'start', 'duration', 'status', 'services', 'repeat', 'notifyClient', 'reminder', 'notes', 'color'
])

// Data: customerId is checked by the service ("No customer was selected"), so it may be missing here.
export const appointmentDataSchema = Type.Intersect(
  [
    Type.Pick(editable, ['staffId', 'start', 'duration']),
    Type.Partial(Type.Omit(editable, ['staffId', 'start', 'duration', 'customerId'])),
    Type.Object({ customerId: Type.Optional(nullable(ref('customers'))) }),
    bookingOptions,
    // Made once per key (client-keys.ts): an offline outbox entry's, sent again at each replay.
    Type.Object({ clientKey: Type.Optional(ClientKeySchema) })
  ],
  { $id: 'AppointmentData', additionalProperties: false }
)
export type AppointmentData = Static<typeof appointmentDataSchema>
export const appointmentDataValidator = getValidator(appointmentDataSchema, dataValidator)
export const appointmentDataResolver = resolve<Appointment, HookContext>({
  ...recordCreateResolvers,
  workPlaceId: async (value) => value ?? null,
  status: async (value) => value ?? 'planned',
  services: async (value) => value ?? [],
  repeat: async (value) => value ?? null,
  notifyClient: async (value) => value ?? false,
  reminder: async (value) => value ?? null,
  notes: async (value) => value ?? null,
  color: async (value) => value ?? null,
  seriesId: async () => null,
  seriesIndex: async () => null
})

// Patch: the branch stays; a series is made on create only.
export const appointmentPatchSchema = Type.Intersect(
  [Type.Partial(Type.Omit(editable, ['branchId', 'repeat', 'customerId'])), Type.Object({ customerId: Type.Optional(nullable(ref('customers'))) }), Type.Omit(bookingOptions, ['waitingListId'])],
  { $id: 'AppointmentPatch', additionalProperties: false }
)
export type AppointmentPatch = Static<typeof appointmentPatchSchema>
export const appointmentPatchValidator = getValidator(appointmentPatchSchema, dataValidator)
export const appointmentPatchResolver = resolve<Appointment, HookContext>({ ...recordPatchResolvers })

const queryable = Type.Pick(appointmentSchema, [
  '_id', 'companyId', 'branchId', 'customerId', 'staffId', 'workPlaceId', 'start', 'end', 'date', 'status', 'seriesId', 'seriesIndex', 'createdAt', 'updatedAt', 'createdBy'
])
// `$select` may name any field of an appointment (a calendar asks only for what it draws).
export const appointmentQuerySchema = strictQuery(queryable, {}, { $series: literals(seriesScopes) }, APPOINTMENT_MAX_PAGE, appointmentSchema)
export type AppointmentQuery = Static<typeof appointmentQuerySchema>
export const appointmentQueryValidator = getValidator(appointmentQuerySchema, queryValidator)

/** Instants in a query, written the way rows store them, so text comparison on SQLite holds. */
export function normalizeInstants(condition: unknown): unknown {
  if (typeof condition === 'string') {
    const ms = Date.parse(condition)
    return Number.isNaN(ms) ? condition : new Date(ms).toISOString()
  }
  if (Array.isArray(condition)) return condition.map(normalizeInstants)
  if (condition && typeof condition === 'object') return Object.fromEntries(Object.entries(condition).map(([key, value]) => [key, normalizeInstants(value)]))
  return condition
}

export const appointmentQueryResolver = resolve<AppointmentQuery, HookContext>({
  start: async (value) => normalizeInstants(value) as never,
  end: async (value) => normalizeInstants(value) as never
})
