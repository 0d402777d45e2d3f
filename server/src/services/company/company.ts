import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application, HookContext } from '../../declarations'
import { access } from '../../access/access'
import { checkId } from '../../hooks/check-id'
import { companyChannel } from '../../channels'
import { CompanyService, companyRowShape, companyServiceOptions } from './company.class'
import { companyExternalResolver, companyPatchResolver, companyPatchValidator, companyQueryValidator, companyResolver } from './company.schema'
import { MINE, companyMethods, companyPath } from './company.shared'

declare module '../../declarations' {
  interface ServiceTypes {
    [companyPath]: CompanyService
  }
}

/**
 * Tenancy for the company itself: its own `_id` is the company filter, and the id 'mine'
 * (spec: the 'mine' company is the current one) names it.
 */
async function ownCompanyOnly(context: HookContext) {
  const identity = context.params.identity
  if (context.id === MINE && identity) context.id = identity.user.companyId
  if (!context.params.provider || !identity) return
  context.params.query = { ...(context.params.query ?? {}), _id: identity.user.companyId }
}

/** `company`: the clinic's own record (name, contacts, timezone, currency, modules, settings). */
export function company(app: Application) {
  app.use(companyPath, new CompanyService(companyServiceOptions(app), companyRowShape), { methods: [...companyMethods], events: [] })
  app.service(companyPath).hooks({
    around: {
      all: [
        access(companyPath, {
          methods: {
            find: { signedIn: true },
            get: { signedIn: true },
            patch: { resource: 'company', flag: 'edit' }
          }
        }),
        schemaHooks.resolveExternal(companyExternalResolver),
        schemaHooks.resolveResult(companyResolver)
      ]
    },
    before: {
      all: [checkId(MINE), schemaHooks.validateQuery(companyQueryValidator), ownCompanyOnly],
      patch: [schemaHooks.validateData(companyPatchValidator), schemaHooks.resolveData(companyPatchResolver)]
    }
  })
  app.service(companyPath).publish((data) => app.channel(companyChannel(String((data as { _id: string })._id))))
}
