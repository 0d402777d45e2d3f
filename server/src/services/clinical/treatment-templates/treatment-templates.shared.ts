import { clientService } from '../../../client-service'
import type {
  TreatmentTemplate,
  TreatmentTemplateData,
  TreatmentTemplatePatch,
  TreatmentTemplatePhase,
  TreatmentTemplateQuery,
  TreatmentTemplatesService
} from './treatment-templates.class'

export type { TreatmentTemplate, TreatmentTemplateData, TreatmentTemplatePatch, TreatmentTemplatePhase, TreatmentTemplateQuery }

/**
 * Treatment templates (spec section 3, "treatment template"; the spec names no service, so the
 * path is ours): per specialty, the ICD-10 diagnoses a template is for and its ordered phases.
 * Shown on /company/bundles (tab "Templates"); access by the `presets` resource.
 */
export const treatmentTemplatesPath = 'treatment-templates'
export const treatmentTemplatesMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type TreatmentTemplatesClientService = Pick<TreatmentTemplatesService, (typeof treatmentTemplatesMethods)[number]>

/** How many phases, lines per phase and diagnoses a template holds; the longest phase title. */
export const TEMPLATE_LIMITS = { phases: 20, items: 50, icd: 20, title: 200 } as const

export const treatmentTemplatesClient = clientService<TreatmentTemplatesClientService>()(treatmentTemplatesPath, treatmentTemplatesMethods)
