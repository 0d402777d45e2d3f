import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { checkIntervals } from '../../../schema/schedule'
import { publishToCompanyWhoMay } from '../../../channels'
import { TimeTemplateService, timeTemplateRowShape, timeTemplateServiceOptions } from './time-templates.class'
import {
  timeTemplateDataResolver,
  timeTemplateDataValidator,
  timeTemplateExternalResolver,
  timeTemplatePatchResolver,
  timeTemplatePatchValidator,
  timeTemplateQueryValidator,
  timeTemplateResolver,
  timeTemplateDataSchema,
  timeTemplatePatchSchema
} from './time-templates.schema'
import { timeTemplateMethods, timeTemplatePath } from './time-templates.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [timeTemplatePath]: TimeTemplateService
  }
}

/** Lists come by name unless the client sorts otherwise. */
function sortByName(context: HookContext) {
  const query = context.params.query ?? {}
  if (!query.$sort) context.params.query = { ...query, $sort: { name: 1, _id: 1 } }
}

/** `time-templates`: the company's named day patterns ("Morning shift": 08:00-14:00). */
export function timeTemplates(app: Application) {
  registerService(app, timeTemplatePath, new TimeTemplateService(timeTemplateServiceOptions(app), timeTemplateRowShape), {
    methods: [...timeTemplateMethods],
    tables: ['time_templates'],
    access: { data: { create: timeTemplateDataSchema, patch: timeTemplatePatchSchema }, methods: standardAccess('time-templates') },
    hooks: {
      around: {
        all: [
          resolveExternal(timeTemplateExternalResolver),
          resolveResult(timeTemplateResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(timeTemplateQueryValidator), companyScope],
        find: [sortByName],
        create: [trimStrings('name'), schemaHooks.validateData(timeTemplateDataValidator), checkIntervals(), schemaHooks.resolveData(timeTemplateDataResolver)],
        patch: [trimStrings('name'), schemaHooks.validateData(timeTemplatePatchValidator), checkIntervals(), schemaHooks.resolveData(timeTemplatePatchResolver)]
      }
    },
    publish: publishToCompanyWhoMay(app, 'time-templates')
  })
}
