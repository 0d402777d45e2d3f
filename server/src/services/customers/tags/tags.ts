import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { publishToCompany } from '../../../channels'
import { TagService, tagServiceOptions } from './tags.class'
import {
  tagDataResolver,
  tagDataValidator,
  tagExternalResolver,
  tagPatchResolver,
  tagPatchValidator,
  tagQueryResolver,
  tagQueryValidator,
  tagResolver,
  tagDataSchema,
  tagPatchSchema
} from './tags.schema'
import { tagMethods, tagPath } from './tags.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [tagPath]: TagService
  }
}

/** `tags`: the company's customer tags. Everyone reads the list; managing it needs `tags` permissions. */
export function tags(app: Application) {
  registerService(app, tagPath, new TagService(tagServiceOptions(app)), {
    methods: tagMethods,
    tables: ['tags'],
    access: { data: { create: tagDataSchema, patch: tagPatchSchema },
      methods: standardAccess('tags', { find: { signedIn: true }, get: { signedIn: true } }),
      module: 'customers'
    },
    hooks: {
      around: {
        all: [
          resolveExternal(tagExternalResolver),
          resolveResult(tagResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(tagQueryValidator), companyScope, schemaHooks.resolveQuery(tagQueryResolver)],
        create: [trimStrings('name'), schemaHooks.validateData(tagDataValidator), schemaHooks.resolveData(tagDataResolver)],
        patch: [trimStrings('name'), schemaHooks.validateData(tagPatchValidator), schemaHooks.resolveData(tagPatchResolver)]
      }
    },
    publish: publishToCompany(app)
  })
}
