import { BadRequest } from '@feathersjs/errors'
import { registerService } from '../../register-service'
import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application, HookContext } from '../../../declarations'
import { asCaller } from '../../../access/caller'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { clinicError } from '../../../errors'
import { AppointmentStatusHistoryService, appointmentStatusHistoryRowShape, appointmentStatusHistoryServiceOptions } from './appointment-status-history.class'
import { appointmentStatusChangeResolver, appointmentStatusHistoryQueryValidator, type AppointmentStatusChange } from './appointment-status-history.schema'
import { appointmentStatusHistoryMethods, appointmentStatusHistoryPath } from './appointment-status-history.shared'
import { resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [appointmentStatusHistoryPath]: AppointmentStatusHistoryService
  }
}

/** The appointment must be one the caller can see (branch, own-only doctors): read through its service. */
const visibleAppointment = (context: HookContext, appointmentId: string) => context.app.service('appointment').get(appointmentId, asCaller(context.params))

/** find names one appointment; oldest change first unless sorted otherwise. */
async function ofVisibleAppointment(context: HookContext) {
  const query = context.params.query ?? {}
  if (context.params.provider) {
    if (typeof query.appointmentId !== 'string') throw clinicError(BadRequest, 'invalid-request', 'appointmentId')
    await visibleAppointment(context, query.appointmentId)
  }
  if (!query.$sort) context.params.query = { ...query, $sort: { at: 1, _id: 1 } }
}

async function afterGetVisible(context: HookContext) {
  if (context.params.provider) await visibleAppointment(context, (context.result as AppointmentStatusChange).appointmentId)
}

/** `appointment-status-history`: who changed an appointment's status and when (read-only). */
export function appointmentStatusHistory(app: Application) {
  registerService(app, appointmentStatusHistoryPath, new AppointmentStatusHistoryService(appointmentStatusHistoryServiceOptions(app), appointmentStatusHistoryRowShape), {
    methods: [...appointmentStatusHistoryMethods],
    tables: [],
    access: {
      refuses: { update: 'written by the appointment service only' }, methods: { find: { resource: 'appointment', flag: 'view' }, get: { resource: 'appointment', flag: 'view' } } },
    hooks: {
      around: {
        all: [
          resolveResult(appointmentStatusChangeResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(appointmentStatusHistoryQueryValidator), companyScope],
        find: [ofVisibleAppointment]
      },
      after: {
        get: [afterGetVisible]
      }
    }
  })
}
