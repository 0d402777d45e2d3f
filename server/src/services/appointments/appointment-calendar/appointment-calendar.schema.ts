import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema, InstantSchema } from '../../../schema/query'
import { APPOINTMENT_MAX_PAGE } from '../appointment/appointment.shared'

/**
 * Query, strict: a range of starts (both ends), optionally one branch (else every branch the
 * caller sees, as the appointment find), and at most how many appointments.
 */
export const appointmentCalendarQuerySchema = Type.Object(
  {
    /** Set by tenancy from the caller; an internal call names it. */
    companyId: Type.Optional(IdSchema),
    branchId: Type.Optional(IdSchema),
    start: Type.Object({ $gte: InstantSchema, $lt: InstantSchema }, { additionalProperties: false }),
    $limit: Type.Optional(Type.Integer({ minimum: 1, maximum: APPOINTMENT_MAX_PAGE }))
  },
  { $id: 'AppointmentCalendarQuery', additionalProperties: false }
)
export type AppointmentCalendarQuery = Static<typeof appointmentCalendarQuerySchema>
export const appointmentCalendarQueryValidator = getValidator(appointmentCalendarQuerySchema, queryValidator)
