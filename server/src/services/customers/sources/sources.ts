import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { publishToCompany } from '../../../channels'
import { SourceService, sourceServiceOptions } from './sources.class'
import {
  sourceDataResolver,
  sourceDataValidator,
  sourceExternalResolver,
  sourcePatchResolver,
  sourcePatchValidator,
  sourceQueryResolver,
  sourceQueryValidator,
  sourceResolver,
  sourceDataSchema,
  sourcePatchSchema
} from './sources.schema'
import { sourceMethods, sourcePath } from './sources.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [sourcePath]: SourceService
  }
}

/** `sources`: where the company's customers come from. Everyone reads the list; managing it needs `sources` permissions. */
export function sources(app: Application) {
  registerService(app, sourcePath, new SourceService(sourceServiceOptions(app)), {
    methods: sourceMethods,
    tables: ['sources'],
    access: { data: { create: sourceDataSchema, patch: sourcePatchSchema },
      methods: standardAccess('sources', { find: { signedIn: true }, get: { signedIn: true } }),
      module: 'customers'
    },
    hooks: {
      around: {
        all: [
          resolveExternal(sourceExternalResolver),
          resolveResult(sourceResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(sourceQueryValidator), companyScope, schemaHooks.resolveQuery(sourceQueryResolver)],
        create: [trimStrings('name'), schemaHooks.validateData(sourceDataValidator), schemaHooks.resolveData(sourceDataResolver)],
        patch: [trimStrings('name'), schemaHooks.validateData(sourcePatchValidator), schemaHooks.resolveData(sourcePatchResolver)]
      }
    },
    publish: publishToCompany(app)
  })
}
