import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { publishToCompanyWhoMay } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { BundleService, bundleRowShape, bundleServiceOptions } from './bundle.class'
import {
  bundleDataResolver,
  bundleDataSchema,
  bundleDataValidator,
  bundleExternalResolver,
  bundlePatchResolver,
  bundlePatchSchema,
  bundlePatchValidator,
  bundleQueryValidator,
  bundleResolver
} from './bundle.schema'
import { checkBundleItems, nameFree } from './bundle-rules'
import { bundleMethods, bundlePath } from './bundle.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [bundlePath]: BundleService
  }
}

/** Lists come in name order unless the caller sorts. */
function sortByName(context: HookContext) {
  const query = context.params.query ?? {}
  if (!query.$sort) context.params.query = { ...query, $sort: { name: 1, _id: 1 } }
}

/**
 * `bundle`: named sets of catalogue services with quantities (issue 15). Read by everyone who
 * books or plans (doctors and the front desk), written by those with `bundle` create/edit;
 * removing one moves it to the trash; events go to the company's people who may view bundles.
 */
export function bundle(app: Application) {
  registerService(app, bundlePath, new BundleService(bundleServiceOptions(app), bundleRowShape), {
    methods: bundleMethods,
    tables: ['bundles'],
    access: { data: { create: bundleDataSchema, patch: bundlePatchSchema }, methods: standardAccess('bundle') },
    hooks: {
      around: {
        all: [resolveExternal(bundleExternalResolver), resolveResult(bundleResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(bundleQueryValidator), companyScope],
        find: [sortByName],
        create: [trimStrings('name'), schemaHooks.validateData(bundleDataValidator), nameFree('bundles', 'name-taken'), checkBundleItems, schemaHooks.resolveData(bundleDataResolver)],
        patch: [trimStrings('name'), schemaHooks.validateData(bundlePatchValidator), nameFree('bundles', 'name-taken'), checkBundleItems, schemaHooks.resolveData(bundlePatchResolver)]
      }
    },
    publish: publishToCompanyWhoMay(app, 'bundle')
  })
}
