import { hooks as schemaHooks } from '@feathersjs/schema'
import { BadRequest, Conflict } from '@feathersjs/errors'
import { registerService } from '../../register-service'
import { patientAudience } from '../customers/patient-audience'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { findOfVisibleCustomer, ofVisibleCustomer, visibleCustomer } from '../../../hooks/customer-visibility'
import { checkId } from '../../../hooks/check-id'
import { clinicError } from '../../../errors'
import { dbOf } from '../../../hooks/call-transaction'
import { now } from '../../../hooks/ids'
import type { RecordScope } from '../../../access/record-scope'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { HEALTH_CARD_TABLE, HealthCardService, healthCardRowShape, healthCardServiceOptions, type HealthCard } from './health-card.class'
import {
  healthCardDataResolver, healthCardDataSchema, healthCardDataValidator, healthCardExternalResolver, healthCardPatchResolver,
  healthCardPatchSchema, healthCardPatchValidator, healthCardQueryResolver, healthCardQueryValidator, healthCardResolver
} from './health-card.schema'
import { healthCardMethods, healthCardPath } from './health-card.shared'
import { followMedicalAlert, mergeHealthCards } from './health-card-alert'

declare module '../../../declarations' {
  interface ServiceTypes {
    [healthCardPath]: HealthCardService
  }
}

type CardInput = Partial<HealthCard> & { reviewed?: boolean }

/** An allergy or disease typed in (`other`) needs its name; texts are trimmed. */
function checkEntries(context: HookContext) {
  const data = context.data as CardInput
  data.allergies?.forEach((allergy, index) => {
    allergy.name = allergy.name.trim()
    allergy.reaction = allergy.reaction.trim()
    if (allergy.substance === 'other' && allergy.name === '') throw clinicError(BadRequest, 'field-required', `allergies/${index}/name`)
  })
  data.diseases?.forEach((disease, index) => {
    disease.name = disease.name.trim()
    disease.note = disease.note.trim()
    if (disease.disease === 'other' && disease.name === '') throw clinicError(BadRequest, 'field-required', `diseases/${index}/name`)
  })
  data.medicines?.forEach((medicine, index) => {
    medicine.name = medicine.name.trim()
    if (medicine.name === '') throw clinicError(BadRequest, 'field-required', `medicines/${index}/name`)
  })
}

/** `reviewed: true` is the review stamp: now, by the caller. A week goes with the pregnancy. */
async function stampReviewAndWeek(context: HookContext) {
  const { reviewed, ...data } = context.data as CardInput
  if (reviewed) Object.assign(data, { reviewedAt: now(), reviewedBy: context.params.identity?.user._id ?? null })
  if (context.method === 'patch' && data.pregnancyWeek !== undefined && data.pregnant === undefined) {
    const card = await dbOf(context.app, context.params)(HEALTH_CARD_TABLE).where({ _id: context.id }).first('pregnant')
    if (!card?.pregnant) data.pregnancyWeek = null
  }
  if (data.pregnant === false) data.pregnancyWeek = null
  context.data = data
}

/** A card is written for a customer the caller sees, and a customer has one card. */
async function oneCardOfVisibleCustomer(context: HookContext) {
  const { customerId } = context.data as { customerId: string }
  await visibleCustomer(context, customerId)
  const companyId = context.params.identity?.user.companyId ?? (context.data as { companyId?: string }).companyId
  const existing = await dbOf(context.app, context.params)(HEALTH_CARD_TABLE).where({ customerId, ...(companyId ? { companyId } : {}) }).first('_id')
  if (existing) throw clinicError(Conflict, 'health-card-exists', 'customerId', { cardId: existing._id })
}

/**
 * Clinical: a card reaches only those who may view exams and see its customer (the customer's
 * branch, or the whole company when branches see all customers). Everyone else learns only the
 * customer's `medicalAlert`, through the customers service's own events.
 */
const publishHealthCard = (app: Application) => (data: unknown, context?: HookContext) => patientAudience(app, data as HealthCard, 'exam', context)

/** Clinical: the `exam` resource's flags (spec section 6 has no resource of its own for it). */
const { update: _update, ...cardAccess } = standardAccess('exam')

/** Who sees which cards: those who see their customer (and may view exams: access). */
const healthCardScope: RecordScope = { customer: { field: 'customerId' } }

/** `health-card`: the patient's medical history (issue 14, item 7). */
export function healthCard(app: Application) {
  registerService(app, healthCardPath, new HealthCardService({ ...healthCardServiceOptions(app), scope: healthCardScope }, healthCardRowShape), {
    methods: [...healthCardMethods],
    tables: [HEALTH_CARD_TABLE],
    customerRows: [{ table: HEALTH_CARD_TABLE, column: 'customerId' }],
    mergeCustomer: mergeHealthCards,
    access: {
      refuses: { update: 'lists are edited by patch; a whole replacement would drop what another doctor just added' },
      data: { create: healthCardDataSchema, patch: healthCardPatchSchema },
      methods: cardAccess,
      module: 'customers'
    },
    hooks: {
      around: {
        all: [resolveExternal(healthCardExternalResolver), resolveResult(healthCardResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(healthCardQueryValidator), companyScope, schemaHooks.resolveQuery(healthCardQueryResolver)],
        find: [findOfVisibleCustomer({ createdAt: 1, _id: 1 })],
        get: [ofVisibleCustomer],
        create: [schemaHooks.validateData(healthCardDataValidator), checkEntries, oneCardOfVisibleCustomer, stampReviewAndWeek, schemaHooks.resolveData(healthCardDataResolver)],
        patch: [ofVisibleCustomer, schemaHooks.validateData(healthCardPatchValidator), checkEntries, stampReviewAndWeek, schemaHooks.resolveData(healthCardPatchResolver)],
        remove: [ofVisibleCustomer]
      },
      after: {
        create: [followMedicalAlert],
        patch: [followMedicalAlert],
        remove: [followMedicalAlert]
      }
    },
    publish: publishHealthCard(app)
  })
}
