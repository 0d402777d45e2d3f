import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { publishToCompany } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { PRINT_TEMPLATES_TABLE, PrintTemplateService, printTemplateRowShape, printTemplateServiceOptions } from './print-templates.class'
import {
  printTemplateDataResolver,
  printTemplateDataSchema,
  printTemplateDataValidator,
  printTemplateExternalResolver,
  printTemplatePatchResolver,
  printTemplatePatchSchema,
  printTemplatePatchValidator,
  printTemplateQueryValidator,
  printTemplateResolver
} from './print-templates.schema'
import { printTemplateMethods, printTemplatePath } from './print-templates.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [printTemplatePath]: PrintTemplateService
  }
}

const manage = { resource: 'company', flag: 'edit' } as const

/**
 * `print-templates`: the clinic's own texts (title, paragraphs, signature lines) of a kind of
 * document in a language (issue 17). Without one the shipped texts of domain/documents are
 * printed; removing one goes back to them (no trash: the shipped texts are the copy). Everyone
 * who prints documents reads them; changing them is the company's settings (`company: edit`).
 */
export function printTemplates(app: Application) {
  registerService(app, printTemplatePath, new PrintTemplateService(printTemplateServiceOptions(app), printTemplateRowShape), {
    methods: [...printTemplateMethods],
    tables: [PRINT_TEMPLATES_TABLE],
    access: {
      data: { create: printTemplateDataSchema, patch: printTemplatePatchSchema },
      methods: { find: { resource: 'documents', flag: 'view' }, get: { resource: 'documents', flag: 'view' }, create: manage, patch: manage, remove: manage },
      refuses: { update: 'a template is keyed by kind and language, fixed at creation; its texts change by patch' }
    },
    // The log names a template by its heading (its kind and language are codes).
    activity: { changes: (_context, result) => ({ title: result.title }) },
    hooks: {
      around: { all: [resolveExternal(printTemplateExternalResolver), resolveResult(printTemplateResolver)] },
      before: {
        all: [checkId(), schemaHooks.validateQuery(printTemplateQueryValidator), companyScope],
        create: [schemaHooks.validateData(printTemplateDataValidator), schemaHooks.resolveData(printTemplateDataResolver)],
        patch: [schemaHooks.validateData(printTemplatePatchValidator), schemaHooks.resolveData(printTemplatePatchResolver)]
      }
    },
    publish: publishToCompany(app)
  })
}
