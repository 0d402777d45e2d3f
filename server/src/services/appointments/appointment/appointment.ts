import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { branchCheck } from '../../../access/branch-scope'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { AppointmentService, appointmentRowShape, appointmentServiceOptions } from './appointment.class'
import {
  appointmentDataResolver,
  appointmentDataValidator,
  appointmentExternalResolver,
  appointmentPatchResolver,
  appointmentPatchValidator,
  appointmentQueryResolver,
  appointmentQueryValidator,
  appointmentResolver,
  appointmentDataSchema,
  appointmentPatchSchema
} from './appointment.schema'
import { appointmentRecordScope, appointmentScope, checkAppointmentCustomer, ownBookingsOnly } from './appointment-rules'
import { publishAppointment } from './appointment-publish'
import { appointmentEvents, appointmentMethods, appointmentPath } from './appointment.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { quietClientKeyReplay, takeClientKey } from '../../client-keys'

declare module '../../../declarations' {
  interface ServiceTypes {
    [appointmentPath]: AppointmentService
  }
}

/**
 * `appointment`: the clinic's bookings (issue 5). Per branch; a doctor without seeAll on
 * appointment sees only their own. Double booking, the status machine, series and the waiting
 * list are kept in the service's transaction (appointment.class.ts).
 */
export function appointment(app: Application) {
  registerService(app, appointmentPath, new AppointmentService({ ...appointmentServiceOptions(app), scope: appointmentRecordScope }, appointmentRowShape), {
    methods: [...appointmentMethods],
    tables: ['appointment', 'appointment_status_history', 'appointment_moves', 'visit_day_stats', 'visit_source_day_stats', 'visit_stats_dirty', 'visit_next_days', 'visit_next_dirty'],
    trashDependents: [{ table: 'appointment_status_history', column: 'appointmentId' }, { table: 'appointment_moves', column: 'appointmentId' }],
    customerRows: [{ table: 'appointment', column: 'customerId' }],
    events: [...appointmentEvents],
    access: {
      refuses: { update: 'status, time and repeat rules (appointment-rules.ts) judge changes; a whole replacement would restate them together' }, data: { create: appointmentDataSchema, patch: appointmentPatchSchema }, methods: standardAccess('appointment') },
    hooks: {
      around: {
        all: [
          resolveExternal(appointmentExternalResolver),
          resolveResult(appointmentResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(appointmentQueryValidator), companyScope, schemaHooks.resolveQuery(appointmentQueryResolver)],
        find: [appointmentScope],
        get: [appointmentScope],
        create: [trimStrings('notes'), schemaHooks.validateData(appointmentDataValidator), takeClientKey, ownBookingsOnly, branchCheck, checkAppointmentCustomer, schemaHooks.resolveData(appointmentDataResolver)],
        patch: [appointmentScope, trimStrings('notes'), schemaHooks.validateData(appointmentPatchValidator), ownBookingsOnly, checkAppointmentCustomer, schemaHooks.resolveData(appointmentPatchResolver)],
        remove: [appointmentScope]
      },
      after: { create: [quietClientKeyReplay] }
    },
    publish: publishAppointment(app)
  })
}
