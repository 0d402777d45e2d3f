import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { queryValidator } from '../../../validators'
import { IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { appointmentStatuses } from '../../../../../domain/appointments/status'

const status = Type.Union(appointmentStatuses.map((value) => Type.Literal(value)))

/** One change of an appointment's status: from (null when it was created), to, when and by whom. */
export const appointmentStatusChangeSchema = Type.Object(
  {
    _id: IdSchema,
    companyId: IdSchema,
    appointmentId: IdSchema,
    from: Type.Union([status, Type.Null()]),
    to: status,
    at: InstantSchema,
    by: Type.Union([IdSchema, Type.Null()])
  },
  { $id: 'AppointmentStatusChange', additionalProperties: false }
)
export type AppointmentStatusChange = Static<typeof appointmentStatusChangeSchema>
export const appointmentStatusChangeResolver = resolve<AppointmentStatusChange, HookContext>({})

export const appointmentStatusHistoryQuerySchema = strictQuery(Type.Pick(appointmentStatusChangeSchema, ['_id', 'companyId', 'appointmentId', 'from', 'to', 'at', 'by']))
export type AppointmentStatusHistoryQuery = Static<typeof appointmentStatusHistoryQuerySchema>
export const appointmentStatusHistoryQueryValidator = getValidator(appointmentStatusHistoryQuerySchema, queryValidator)
