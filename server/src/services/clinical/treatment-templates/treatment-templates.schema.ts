import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { MAX_CATALOGUE_SEARCH } from '../../../../../domain/catalogue/search'
import { IcdCodeSchema } from '../icd-codes'
import { bundleItemSchema } from '../../catalogue/bundle/bundle.schema'
import { MAX_BUNDLE_NAME } from '../../catalogue/bundle/bundle.shared'
import { TEMPLATE_LIMITS } from './treatment-templates.shared'

/** One phase (visit) of a template: an optional title, an optional bundle, and service lines. */
export const treatmentTemplatePhaseSchema = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: TEMPLATE_LIMITS.title })),
    bundleId: Type.Optional(Type.Union([ref('bundle'), Type.Null()])),
    items: Type.Array(bundleItemSchema, { maxItems: TEMPLATE_LIMITS.items })
  },
  { additionalProperties: false }
)
export type TreatmentTemplatePhase = Static<typeof treatmentTemplatePhaseSchema>

/**
 * A treatment template (issue 15, item 3): fills a treatment plan for a diagnosis. A phase's
 * bundle is read at the time of use (its current services), as are prices.
 */
export const treatmentTemplateSchema = Type.Object(
  {
    ...recordProperties,
    name: Type.String({ minLength: 1, maxLength: MAX_BUNDLE_NAME }),
    specialtyId: Type.Union([ref('specialty'), Type.Null()]),
    icd: Type.Array(IcdCodeSchema, { maxItems: TEMPLATE_LIMITS.icd, uniqueItems: true }),
    phases: Type.Array(treatmentTemplatePhaseSchema, { minItems: 1, maxItems: TEMPLATE_LIMITS.phases }),
    archived: Type.Boolean()
  },
  { $id: 'TreatmentTemplate', additionalProperties: false }
)
export type TreatmentTemplate = Static<typeof treatmentTemplateSchema>
export const treatmentTemplateResolver = resolve<TreatmentTemplate, HookContext>({})
export const treatmentTemplateExternalResolver = resolve<TreatmentTemplate, HookContext>({})

const editable = ['name', 'specialtyId', 'icd', 'phases', 'archived'] as const

export const treatmentTemplateDataSchema = Type.Intersect(
  [Type.Pick(treatmentTemplateSchema, ['name', 'phases']), Type.Partial(Type.Pick(treatmentTemplateSchema, ['specialtyId', 'icd', 'archived']))],
  { $id: 'TreatmentTemplateData', additionalProperties: false }
)
export type TreatmentTemplateData = Static<typeof treatmentTemplateDataSchema>
export const treatmentTemplateDataValidator = getValidator(treatmentTemplateDataSchema, dataValidator)
export const treatmentTemplateDataResolver = resolve<TreatmentTemplate, HookContext>({
  ...recordCreateResolvers,
  specialtyId: async (value) => value ?? null,
  icd: async (value) => value ?? [],
  archived: async (value) => value ?? false
})

export const treatmentTemplatePatchSchema = Type.Partial(Type.Pick(treatmentTemplateSchema, [...editable]), { $id: 'TreatmentTemplatePatch', additionalProperties: false })
export type TreatmentTemplatePatch = Static<typeof treatmentTemplatePatchSchema>
export const treatmentTemplatePatchValidator = getValidator(treatmentTemplatePatchSchema, dataValidator)
export const treatmentTemplatePatchResolver = resolve<TreatmentTemplate, HookContext>({ ...recordPatchResolvers })

export const treatmentTemplateQuerySchema = strictQuery(
  Type.Pick(treatmentTemplateSchema, ['_id', 'companyId', 'name', 'specialtyId', 'archived', 'createdAt', 'updatedAt', 'createdBy']),
  {},
  { $search: Type.String({ maxLength: MAX_CATALOGUE_SEARCH }) }
)
export type TreatmentTemplateQuery = Static<typeof treatmentTemplateQuerySchema>
export const treatmentTemplateQueryValidator = getValidator(treatmentTemplateQuerySchema, queryValidator)
