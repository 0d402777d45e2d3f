import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { sortByRank } from '../../../schema/rank'
import { publishToCompanyWhoMay } from '../../../channels'
import { ServiceCategoryService, serviceCategoryServiceOptions } from './service-categories.class'
import {
  serviceCategoryDataResolver,
  serviceCategoryDataValidator,
  serviceCategoryExternalResolver,
  serviceCategoryPatchResolver,
  serviceCategoryPatchValidator,
  serviceCategoryQueryValidator,
  serviceCategoryResolver,
  serviceCategoryDataSchema,
  serviceCategoryPatchSchema
} from './service-categories.schema'
import { serviceCategoryMethods, serviceCategoryPath } from './service-categories.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [serviceCategoryPath]: ServiceCategoryService
  }
}

/** `service-categories`: groups of the service catalogue, guarded like the catalogue (`service`). */
export function serviceCategories(app: Application) {
  registerService(app, serviceCategoryPath, new ServiceCategoryService(serviceCategoryServiceOptions(app)), {
    methods: [...serviceCategoryMethods],
    tables: ['service_categories'],
    access: { data: { create: serviceCategoryDataSchema, patch: serviceCategoryPatchSchema }, methods: standardAccess('service') },
    hooks: {
      around: {
        all: [
          resolveExternal(serviceCategoryExternalResolver),
          resolveResult(serviceCategoryResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(serviceCategoryQueryValidator), companyScope],
        find: [sortByRank],
        create: [trimStrings('name'), schemaHooks.validateData(serviceCategoryDataValidator), schemaHooks.resolveData(serviceCategoryDataResolver)],
        patch: [trimStrings('name'), schemaHooks.validateData(serviceCategoryPatchValidator), schemaHooks.resolveData(serviceCategoryPatchResolver)]
      }
    },
    publish: publishToCompanyWhoMay(app, 'service')
  })
}
