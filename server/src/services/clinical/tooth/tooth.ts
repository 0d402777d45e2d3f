import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import { patientAudience } from '../../customers/customers/patient-audience'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { findOfVisibleCustomer, ofVisibleCustomer } from '../../../hooks/customer-visibility'
import { checkId } from '../../../hooks/check-id'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import type { RecordScope } from '../../../access/record-scope'
import { ToothService, toothRowShape, toothServiceOptions, type ToothEvent } from './tooth.class'
import { toothEventDataSchema, toothEventDataValidator, toothEventExternalResolver, toothEventQueryValidator, toothEventResolver } from './tooth.schema'
import { toothMethods, toothPath } from './tooth.shared'
import { checkChartEntry, onVisibleCustomer } from './tooth-checks'

declare module '../../../declarations' {
  interface ServiceTypes {
    [toothPath]: ToothService
  }
}

/**
 * A chart event is clinical: it reaches only those who see its patient (the patient's branch,
 * or the whole company when branches see all customers) and whose role may view `tooth`; a
 * receptionist sees the visit, never the chart (issue 14, item 8).
 */
const publishToothEvent = (app: Application) => (data: unknown, context?: HookContext) => patientAudience(app, data as ToothEvent, 'tooth', context)

/** Who sees which events: those who see their patient. */
const toothScope: RecordScope = { customer: { field: 'customerId' } }

/**
 * `tooth`: the dental chart's events (docs/decisions/clinical.md "Chart events"). Written once,
 * never changed: no patch, update or remove; the chart is their projection (chartAsOf).
 */
export function tooth(app: Application) {
  registerService(app, toothPath, new ToothService({ ...toothServiceOptions(app), scope: toothScope }, toothRowShape), {
    methods: [...toothMethods],
    tables: ['tooth_events'],
    customerRows: [{ table: 'tooth_events', column: 'customerId' }],
    access: {
      data: { create: toothEventDataSchema },
      methods: standardAccess('tooth'),
      refuses: {
        update: 'a chart event is never changed: a wrong entry is ended by a new event, so the history keeps both',
        patch: 'a chart event is never changed: a wrong entry is ended by a new event, so the history keeps both',
        remove: 'a chart event is never deleted: a remove event ends a finding and the history keeps both'
      },
      module: 'treatment'
    },
    hooks: {
      around: {
        all: [resolveExternal(toothEventExternalResolver), resolveResult(toothEventResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(toothEventQueryValidator), companyScope],
        // Oldest first: the order the chart is projected in.
        find: [findOfVisibleCustomer({ createdAt: 1, _id: 1 })],
        get: [ofVisibleCustomer],
        create: [schemaHooks.validateData(toothEventDataValidator), onVisibleCustomer, checkChartEntry]
      }
    },
    publish: publishToothEvent(app)
  })
}
