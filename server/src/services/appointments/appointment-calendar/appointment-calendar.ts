import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { AppointmentCalendarService } from './appointment-calendar.class'
import { appointmentCalendarQueryValidator } from './appointment-calendar.schema'
import { appointmentCalendarMethods, appointmentCalendarPath } from './appointment-calendar.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [appointmentCalendarPath]: AppointmentCalendarService
  }
}

/**
 * `appointment-calendar` (issue 12, item 9): the calendar's range in one compact answer. Whoever
 * may view appointments asks; the appointments and customers are read through their own services
 * on the caller's behalf, so their rules (branches, a doctor's own visits, customer visibility)
 * are theirs, not restated here. Owns no table and writes nothing; no events of its own (the
 * screen listens to `appointment` and `customers`).
 */
export function appointmentCalendar(app: Application) {
  registerService(app, appointmentCalendarPath, new AppointmentCalendarService(app), {
    methods: [...appointmentCalendarMethods],
    tables: [],
    access: {
      refuses: { update: 'a read of other services: nothing to replace (find only)' },
      methods: { find: { resource: 'appointment', flag: 'view' } }
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(appointmentCalendarQueryValidator), companyScope]
      }
    }
  })
}
