import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { asCaller } from '../../../access/caller'
import { MediaSummaryService } from './media-summary.class'
import { mediaSummaryQueryValidator } from './media-summary.schema'
import { mediaSummaryMethods, mediaSummaryPath } from './media-summary.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [mediaSummaryPath]: MediaSummaryService
  }
}

/** One patient's summary: only of a patient the caller sees (NotFound otherwise). */
async function visiblePatient(context: HookContext) {
  const customerId = (context.params.query as { customerId?: string } | undefined)?.customerId
  if (!context.params.provider || !customerId) return
  await context.app.service('customers').get(customerId, asCaller(context.params))
}

/** `media-summary`: counts and bytes of files for the company screen and a patient's files. */
export function mediaSummary(app: Application) {
  registerService(app, mediaSummaryPath, new MediaSummaryService(app), {
    methods: [...mediaSummaryMethods],
    tables: [],
    access: {
      refuses: { update: 'a summary: nothing to replace (find only)' },
      methods: { find: { resource: 'media-summary', flag: 'view' } }
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(mediaSummaryQueryValidator), companyScope, visiblePatient]
      }
    }
  })
}
