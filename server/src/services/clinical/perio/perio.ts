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
import { PERIO_TABLE, PerioService, perioRowShape, perioServiceOptions, type PerioChartRecord } from './perio.class'
import {
  perioChartDataResolver, perioChartDataSchema, perioChartDataValidator, perioChartExternalResolver, perioChartPatchResolver,
  perioChartPatchSchema, perioChartPatchValidator, perioChartQueryValidator, perioChartResolver
} from './perio.schema'
import { perioMethods, perioPath } from './perio.shared'
import { checkTeeth, draftOnly, newChartOfVisibleCustomer } from './perio-checks'

declare module '../../../declarations' {
  interface ServiceTypes {
    [perioPath]: PerioService
  }
}

/**
 * A perio chart is clinical: it reaches only those who see its patient (the patient's branch, or
 * the whole company when branches see all customers) and whose role may view `exam`.
 */
const publishPerioChart = (app: Application) => (data: unknown, context?: HookContext) => patientAudience(app, data as PerioChartRecord, 'exam', context)

/** A perio chart is part of the examination: the `exam` resource (spec section 6 has no perio resource). */
const { update: _update, ...perioAccess } = standardAccess('exam')

/** Who sees which charts: those who see their patient (and may view exams: access). */
const perioScope: RecordScope = { customer: { field: 'customerId' } }

/**
 * `perio`: a patient's periodontal charts, one per exam day (docs/decisions/clinical-perio.md).
 * A draft is patched as the doctor probes and may be removed (to trash); a closed one never changes.
 */
export function perio(app: Application) {
  registerService(app, perioPath, new PerioService({ ...perioServiceOptions(app), scope: perioScope }, perioRowShape), {
    methods: [...perioMethods],
    tables: [PERIO_TABLE],
    customerRows: [{ table: PERIO_TABLE, column: 'customerId' }],
    access: {
      refuses: { update: 'a draft is patched as the doctor probes; a whole replacement could undo a close' },
      data: { create: perioChartDataSchema, patch: perioChartPatchSchema },
      methods: perioAccess,
      module: 'treatment'
    },
    hooks: {
      around: {
        all: [resolveExternal(perioChartExternalResolver), resolveResult(perioChartResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(perioChartQueryValidator), companyScope],
        // Newest exam first: the list the treatment tab shows.
        find: [findOfVisibleCustomer({ date: -1, createdAt: -1 })],
        get: [ofVisibleCustomer],
        create: [schemaHooks.validateData(perioChartDataValidator), checkTeeth, newChartOfVisibleCustomer, schemaHooks.resolveData(perioChartDataResolver)],
        patch: [ofVisibleCustomer, schemaHooks.validateData(perioChartPatchValidator), checkTeeth, draftOnly, schemaHooks.resolveData(perioChartPatchResolver)],
        remove: [ofVisibleCustomer, draftOnly]
      }
    },
    publish: publishPerioChart(app)
  })
}
