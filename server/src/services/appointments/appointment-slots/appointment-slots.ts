import { Forbidden } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { assertWorksIn } from '../../../access/branch-scope'
import { clinicError } from '../../../errors'
import { seesAllAppointments } from '../appointment/appointment-rules'
import { AppointmentSlotsService } from './appointment-slots.class'
import { appointmentSlotsQueryValidator, type AppointmentSlotsQuery } from './appointment-slots.schema'
import { appointmentSlotsMethods, appointmentSlotsPath } from './appointment-slots.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [appointmentSlotsPath]: AppointmentSlotsService
  }
}

/**
 * Before find: the slots the caller could book themselves. The branch asked for is one they work
 * in (else branch-not-allowed, as a booking there would be); without it the service searches
 * every branch they work in. A doctor without seeAll on appointment books only themselves
 * (ownBookingsOnly): their own slots, and asking for a colleague's is refused alike.
 */
export function slotSearchScope(context: HookContext) {
  const identity = context.params.identity
  if (!context.params.provider || !identity) return
  const query = context.params.query as AppointmentSlotsQuery
  if (query.branchId !== undefined) assertWorksIn(identity, query.branchId)
  if (seesAllAppointments(context)) return
  if (query.staffId !== undefined && query.staffId !== identity.user._id) throw clinicError(Forbidden, 'appointment-own-only', 'staffId')
  context.params.query = { ...query, staffId: identity.user._id }
}

/**
 * `appointment-slots`: "first free slot, anywhere" (issue 13, item 2). Whoever may book
 * (appointment create) asks for the first free slots of a visit of some services; the rules are
 * the booking's own (appointment-booking.ts), so a slot proposed is never refused. Reads the
 * appointment table (its area's) and the team's, schedule's, catalogue's and company's rows
 * through their read functions; owns no table and writes nothing.
 */
export function appointmentSlots(app: Application) {
  registerService(app, appointmentSlotsPath, new AppointmentSlotsService(app), {
    methods: [...appointmentSlotsMethods],
    tables: [],
    access: {
      refuses: { update: 'a search: nothing to replace (find only)' },
      methods: { find: { resource: 'appointment', flag: 'create' } }
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(appointmentSlotsQueryValidator), companyScope, slotSearchScope]
      }
    }
  })
}
