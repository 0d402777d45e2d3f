import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { publishToCompanyWhoMay } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { normalizeIcdCodes } from '../icd-codes'
import { nameFree } from '../../catalogue/bundle/bundle-rules'
import { TreatmentTemplatesService, treatmentTemplatesRowShape, treatmentTemplatesServiceOptions } from './treatment-templates.class'
import {
  treatmentTemplateDataResolver,
  treatmentTemplateDataSchema,
  treatmentTemplateDataValidator,
  treatmentTemplateExternalResolver,
  treatmentTemplatePatchResolver,
  treatmentTemplatePatchSchema,
  treatmentTemplatePatchValidator,
  treatmentTemplateQueryValidator,
  treatmentTemplateResolver
} from './treatment-templates.schema'
import { checkTemplateContents, trimPhaseTitles } from './treatment-template-rules'
import { treatmentTemplatesMethods, treatmentTemplatesPath } from './treatment-templates.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [treatmentTemplatesPath]: TreatmentTemplatesService
  }
}

/** Lists come in name order unless the caller sorts. */
function sortByName(context: HookContext) {
  const query = context.params.query ?? {}
  if (!query.$sort) context.params.query = { ...query, $sort: { name: 1, _id: 1 } }
}

const normalize = [trimStrings('name'), trimPhaseTitles, normalizeIcdCodes('icd')]

/**
 * `treatment-templates`: per specialty, the diagnoses a template is for and its phases of
 * services or bundles. Clinical knowledge that doctors keep, so it is guarded by `presets` (the
 * exam presets' resource: doctors work with both by default) and the `treatment` module.
 */
export function treatmentTemplates(app: Application) {
  registerService(app, treatmentTemplatesPath, new TreatmentTemplatesService(treatmentTemplatesServiceOptions(app), treatmentTemplatesRowShape), {
    methods: treatmentTemplatesMethods,
    tables: ['treatment_templates'],
    access: { data: { create: treatmentTemplateDataSchema, patch: treatmentTemplatePatchSchema }, methods: standardAccess('presets'), module: 'treatment' },
    hooks: {
      around: {
        all: [resolveExternal(treatmentTemplateExternalResolver), resolveResult(treatmentTemplateResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(treatmentTemplateQueryValidator), companyScope],
        find: [sortByName],
        create: [...normalize, schemaHooks.validateData(treatmentTemplateDataValidator), nameFree('treatment_templates', 'name-taken'), checkTemplateContents, schemaHooks.resolveData(treatmentTemplateDataResolver)],
        patch: [...normalize, schemaHooks.validateData(treatmentTemplatePatchValidator), nameFree('treatment_templates', 'name-taken'), checkTemplateContents, schemaHooks.resolveData(treatmentTemplatePatchResolver)]
      }
    },
    publish: publishToCompanyWhoMay(app, 'presets')
  })
}
