import type { RealTimeConnection } from '@feathersjs/feathers'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import { patientAudience } from '../../customers/customers/patient-audience'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { findOfVisibleCustomer, ofVisibleCustomer } from '../../../hooks/customer-visibility'
import { checkId } from '../../../hooks/check-id'
import { connectionMay } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import type { RecordScope } from '../../../access/record-scope'
import { TreatmentService, treatmentRowShape, treatmentServiceOptions, type TreatmentLine } from './treatment.class'
import {
  treatmentLineDataSchema, treatmentLineDataValidator, treatmentLineExternalResolver, treatmentLinePatchSchema, treatmentLinePatchValidator,
  treatmentLineQueryValidator, treatmentLineResolver
} from './treatment.schema'
import { TREATMENT_TABLE } from './treatment-rows'
import { treatmentMethods, treatmentPath } from './treatment.shared'
import { preparePatch, prepareLine, refuseBilled } from './treatment-checks'

declare module '../../../declarations' {
  interface ServiceTypes {
    [treatmentPath]: TreatmentService
  }
}

/**
 * A line reaches those who see its patient (the patient's branch, or the whole company when
 * branches see all customers) and whose role may view `treatment` (doctors, and finance, who will
 * invoice it); the diagnosis only those who may also view `exam`: the others get the line
 * without it. The full line is the call's result (the caller's own copy may be stripped).
 */
const publishTreatmentLine = (app: Application) => async (data: unknown, context?: HookContext) => {
  const result = context?.result as TreatmentLine | undefined
  const line = result && !Array.isArray(result) && result._id === (data as TreatmentLine)._id ? result : (data as TreatmentLine)
  const audience = await patientAudience(app, line, 'treatment', context)
  const seesDiagnosis = (connection: RealTimeConnection) => connectionMay(connection, 'exam', 'view')
  return [audience.filter(seesDiagnosis).send(line), audience.filter((connection) => !seesDiagnosis(connection)).send({ ...line, icdCode: null })]
}

/** Update is refused (patch only); the rest is the usual view/create/edit/delete of `treatment`. */
const { update: _update, ...lineAccess } = standardAccess('treatment')

/** Who sees which lines: those who see their patient. */
const treatmentScope: RecordScope = { customer: { field: 'customerId' } }

/**
 * `treatment`: treatments done, one line per thing done in a visit (issue 14, item 5;
 * docs/decisions/clinical-treatments-done.md). What billing will invoice: prices are integer
 * minor units, copied from the catalogue when the line is written.
 */
export function treatment(app: Application) {
  registerService(app, treatmentPath, new TreatmentService({ ...treatmentServiceOptions(app), scope: treatmentScope }, treatmentRowShape), {
    methods: [...treatmentMethods],
    tables: [TREATMENT_TABLE],
    customerRows: [{ table: TREATMENT_TABLE, column: 'customerId' }],
    access: {
      data: { create: treatmentLineDataSchema, patch: treatmentLinePatchSchema },
      methods: lineAccess,
      refuses: { update: 'a line is corrected field by field (patch): a whole replacement from a stale form would undo a colleague\'s change' },
      module: 'treatment'
    },
    hooks: {
      around: {
        all: [resolveExternal(treatmentLineExternalResolver), resolveResult(treatmentLineResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(treatmentLineQueryValidator), companyScope],
        // Oldest first: the order lines were written in.
        find: [findOfVisibleCustomer({ createdAt: 1, _id: 1 })],
        get: [ofVisibleCustomer],
        create: [schemaHooks.validateData(treatmentLineDataValidator), prepareLine],
        patch: [ofVisibleCustomer, schemaHooks.validateData(treatmentLinePatchValidator), preparePatch],
        remove: [ofVisibleCustomer, refuseBilled]
      }
    },
    publish: publishTreatmentLine(app)
  })
}
