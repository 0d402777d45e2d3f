import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import { patientAudience } from '../../customers/customers/patient-audience'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { ofVisibleCustomer, visibleCustomer } from '../../../hooks/customer-visibility'
import { checkId } from '../../../hooks/check-id'
import type { RecordScope } from '../../../access/record-scope'
import { BadRequest } from '@feathersjs/errors'
import { clinicError } from '../../../errors'
import { companySettingsFor } from '../../company/company/company-reads'
import { TreatmentPlanService, treatmentPlanRowShape, treatmentPlanServiceOptions, type TreatmentPlan } from './treatment-plan.class'
import { treatmentPlanDataSchema, treatmentPlanDataValidator, treatmentPlanPatchSchema, treatmentPlanPatchValidator, treatmentPlanQueryValidator } from './treatment-plan.schema'
import { TREATMENT_PLAN_TABLE } from './treatment-plan-rows'
import { PLAN_STATS_DIRTY_TABLE, PLAN_STATS_TABLE } from './plan-stats'
import { treatmentPlanMethods, treatmentPlanPath } from './treatment-plan.shared'
import { prepareCreate, preparePatch, refuseRemoveDone } from './treatment-plan-rules'

declare module '../../../declarations' {
  interface ServiceTypes {
    [treatmentPlanPath]: TreatmentPlanService
  }
}

/**
 * A plan reaches those who see its patient (the patient's branch, or the whole company when
 * branches see all customers) and whose role may view `treatment-plan`: a receptionist without
 * it hears nothing.
 */
const publishPlan = (app: Application) => (data: unknown, context?: HookContext) => patientAudience(app, data as TreatmentPlan, 'treatment-plan', context)

/**
 * An external find names one patient the caller sees, or asks the front desk's list
 * (`needsBooking: true`), which is limited to the caller's branches unless they see every branch.
 */
async function findScope(context: HookContext) {
  const query = { ...(context.params.query ?? {}) } as Record<string, unknown>
  if (context.params.provider) {
    if (typeof query.customerId === 'string') await visibleCustomer(context, query.customerId)
    else if (query.needsBooking !== true) throw clinicError(BadRequest, 'invalid-request', 'customerId')
    else {
      // The front desk's list: plans of patients of the caller's branches (every branch when branches see all customers).
      const settings = await companySettingsFor(context.app.get('db'), context.params.identity!.user.companyId, context.params)
      if (settings.branchesSeeAllCustomers !== true) {
        const branches = context.params.identity!.branchIds
        const asked = typeof query.branchId === 'string' ? query.branchId : undefined
        query.branchId = { $in: asked ? branches.filter((branch: string) => branch === asked) : branches }
      }
    }
  }
  if (!query.$sort) query.$sort = { createdAt: -1, _id: -1 }
  context.params.query = query
}

/** Who sees which plans: those who see their patient. */
const planScope: RecordScope = { customer: { field: 'customerId' } }

/** Update is refused (patch only); the rest is the usual view/create/edit/delete of `treatment-plan`. */
const { update: _update, ...planAccess } = standardAccess('treatment-plan')

/**
 * `treatment-plan`: a patient's treatment plans (issue 15; docs/decisions/clinical-treatment-plans.md).
 * Phases and items are JSON in the plan's row, each with its own id: treatments done name the
 * item they complete (plan-items.ts), billing will invoice items.
 */
export function treatmentPlan(app: Application) {
  registerService(app, treatmentPlanPath, new TreatmentPlanService({ ...treatmentPlanServiceOptions(app), scope: planScope }, treatmentPlanRowShape), {
    methods: [...treatmentPlanMethods],
    tables: [TREATMENT_PLAN_TABLE, PLAN_STATS_TABLE, PLAN_STATS_DIRTY_TABLE],
    customerRows: [{ table: TREATMENT_PLAN_TABLE, column: 'customerId' }],
    access: {
      data: { create: treatmentPlanDataSchema, patch: treatmentPlanPatchSchema },
      methods: planAccess,
      refuses: { update: 'a plan changes by patch (contents while a draft, or one action): a whole replacement from a stale form would undo an acceptance' },
      module: 'treatment'
    },
    hooks: {
      before: {
        all: [checkId(), schemaHooks.validateQuery(treatmentPlanQueryValidator), companyScope],
        find: [findScope],
        get: [ofVisibleCustomer],
        create: [schemaHooks.validateData(treatmentPlanDataValidator), prepareCreate],
        patch: [ofVisibleCustomer, schemaHooks.validateData(treatmentPlanPatchValidator), preparePatch],
        remove: [ofVisibleCustomer, refuseRemoveDone]
      }
    },
    publish: publishPlan(app)
  })
}
