import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import { NotFound } from '@feathersjs/errors'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { clinicError } from '../../../errors'
import { MyCompanyService } from './my-company.class'
import { myCompanyExternalResolver, myCompanyQueryValidator, myCompanyResolver } from './my-company.schema'
import { MINE, myCompanyMethods, myCompanyPath } from './my-company.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [myCompanyPath]: MyCompanyService
  }
}

/** 'mine' names the caller's company (spec: the 'mine' company is the current one). */
async function mineIsOwnCompany(context: HookContext) {
  const own = context.params.identity?.user.companyId
  if (context.id === MINE && own) context.id = own
  if (context.id === MINE) throw clinicError(NotFound, 'not-found')
}

/** `my-company`: read-only summary of the current company. No events of its own. */
export function myCompany(app: Application) {
  registerService(app, myCompanyPath, new MyCompanyService(app), {
    methods: [...myCompanyMethods],
    tables: [],
    access: {
      refuses: { update: 'a read-only view of the company' }, methods: { get: { resource: 'my-company', flag: 'view' } } },
    hooks: {
      around: {
        all: [
          resolveExternal(myCompanyExternalResolver),
          resolveResult(myCompanyResolver)
        ]
      },
      before: {
        all: [checkId(MINE), mineIsOwnCompany, schemaHooks.validateQuery(myCompanyQueryValidator), companyScope]
      }
    }
  })
}
