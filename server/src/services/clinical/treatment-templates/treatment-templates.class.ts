import type { Application } from '../../../declarations'
import { recordOptions, type RecordParams } from '../../record.class'
import { NameSearchService, nameSearchFilters } from '../../name-search.class'
import type { TreatmentTemplate, TreatmentTemplateData, TreatmentTemplatePatch, TreatmentTemplatePhase, TreatmentTemplateQuery } from './treatment-templates.schema'

export type { TreatmentTemplate, TreatmentTemplateData, TreatmentTemplatePatch, TreatmentTemplatePhase, TreatmentTemplateQuery }
export type TreatmentTemplateParams = RecordParams & { query?: TreatmentTemplateQuery }

/** Treatment templates: records found by name; the rules are in treatment-template-rules.ts. */
export class TreatmentTemplatesService extends NameSearchService<TreatmentTemplate, TreatmentTemplateData, TreatmentTemplateParams, TreatmentTemplatePatch> {}

export const treatmentTemplatesServiceOptions = (app: Application) => recordOptions(app, 'treatment_templates', { filters: nameSearchFilters })
export const treatmentTemplatesRowShape = { json: ['icd', 'phases'], boolean: ['archived'], hidden: ['searchName'] }
