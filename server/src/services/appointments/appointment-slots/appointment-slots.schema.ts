import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema, InstantSchema } from '../../../schema/query'
import { workPlaceKinds } from '../../schedule/work-place/work-place.shared'
import { APPOINTMENT_MAX_DURATION } from '../appointment/appointment.shared'
import { SLOT_SEARCH_MAX_LIMIT } from './appointment-slots.shared'

/** A free slot: what `appointment.create` takes for it (start, doctor, branch, and the chair when one was asked for). */
export const appointmentSlotSchema = Type.Object(
  {
    start: InstantSchema,
    /** start + the visit's duration (the buffer after it is not part of the visit). */
    end: InstantSchema,
    staffId: IdSchema,
    branchId: IdSchema,
    workPlaceId: Type.Union([IdSchema, Type.Null()])
  },
  { $id: 'AppointmentSlot', additionalProperties: false }
)
export type AppointmentSlot = Static<typeof appointmentSlotSchema>

/** The answer of find: the slots, sorted by start (then doctor, then branch). */
export interface AppointmentSlotsPage {
  data: AppointmentSlot[]
}

/**
 * Query, strict (no operators: a search, not a list). Dates and times are plain strings here and
 * checked by the service, so a wrong one answers its own message (`date-invalid`,
 * `time-invalid`) at its field rather than the generic one.
 */
export const appointmentSlotsQuerySchema = Type.Object(
  {
    /** Set by tenancy from the caller; an internal call names it. */
    companyId: Type.Optional(IdSchema),
    /** The catalogue services of the visit: their duration and buffer, as a booking of them would have. */
    serviceIds: Type.Array(IdSchema, { minItems: 1, maxItems: 50, uniqueItems: true }),
    /** The visit's minutes when the form sets them by hand (a booking's `duration`); else from the services. */
    duration: Type.Optional(Type.Integer({ minimum: 5, maximum: APPOINTMENT_MAX_DURATION })),
    staffId: Type.Optional(IdSchema),
    /** A free active work place of this kind in the branch is needed; the slot names it. */
    workPlaceKind: Type.Optional(Type.Union(workPlaceKinds.map((kind) => Type.Literal(kind)))),
    /** One branch; else every branch the caller may book in. */
    branchId: Type.Optional(IdSchema),
    /** Company-local days 'YYYY-MM-DD', inclusive: today to today + 27 unless given. */
    dateFrom: Type.Optional(Type.String({ maxLength: 10 })),
    dateTo: Type.Optional(Type.String({ maxLength: 10 })),
    /** Company-local time of day 'HH:mm' ('24:00' may end it): the whole visit within. */
    timeFrom: Type.Optional(Type.String({ maxLength: 5 })),
    timeTo: Type.Optional(Type.String({ maxLength: 5 })),
    /** ISO weekdays (1 Monday .. 7 Sunday) the visit may fall on (a waiting patient's days); none: any. */
    weekdays: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7, uniqueItems: true })),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SLOT_SEARCH_MAX_LIMIT }))
  },
  { $id: 'AppointmentSlotsQuery', additionalProperties: false }
)
export type AppointmentSlotsQuery = Static<typeof appointmentSlotsQuerySchema>
export const appointmentSlotsQueryValidator = getValidator(appointmentSlotsQuerySchema, queryValidator)
