import { BadRequest } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { clinicError } from '../../../errors'
import { checkReportPeriod, scopeReport } from '../report-scope'
import { ToppersService } from './toppers.class'
import { toppersQueryValidator, type ToppersQuery } from './toppers.schema'
import { toppersMethods, toppersPath } from './toppers.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [toppersPath]: ToppersService
  }
}

/**
 * The period as every report's; the narrowings only with `$rows` and only those its figure has
 * (a service for revenue and done, a source for revenue and new patients); branches and the
 * doctor as `scopeReport` allows (`toppers: seeAll`).
 */
function scopeToppers(context: HookContext) {
  const query = context.params.query as ToppersQuery
  checkReportPeriod(query)
  if ((query.serviceId || query.sourceId || query.$limit || query.$skip !== undefined) && !query.$rows) throw clinicError(BadRequest, 'invalid-request', '$rows')
  if (query.serviceId && query.$rows !== 'revenue' && query.$rows !== 'done') throw clinicError(BadRequest, 'invalid-request', 'serviceId')
  if (query.sourceId && query.$rows !== 'revenue' && query.$rows !== 'newPatients') throw clinicError(BadRequest, 'invalid-request', 'sourceId')
  context.params.query = scopeReport(context, 'toppers', query)
}

/** `toppers` (issue 19): the best doctors, services and sources of a period, read-only. */
export function toppers(app: Application) {
  registerService(app, toppersPath, new ToppersService(app), {
    methods: [...toppersMethods],
    tables: [],
    access: {
      refuses: { update: 'read-only report (find only)' },
      methods: { find: { resource: 'toppers', flag: 'view' } },
      module: 'reports'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(toppersQueryValidator), companyScope, scopeToppers]
      }
    }
  })
}
