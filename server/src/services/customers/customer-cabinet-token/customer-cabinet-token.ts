import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import { BadRequest } from '@feathersjs/errors'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { findOfVisibleCustomer, ofVisibleCustomer, visibleCustomer } from '../../../hooks/customer-visibility'
import { clinicError } from '../../../errors'
import { publishToNoOne } from '../../../channels'
import { CabinetTokenService, cabinetTokenRowShape, cabinetTokenServiceOptions } from './customer-cabinet-token.class'
import {
  cabinetTokenDataResolver,
  cabinetTokenDataValidator,
  cabinetTokenExternalResolver,
  cabinetTokenQueryResolver,
  cabinetTokenQueryValidator,
  cabinetTokenResolver,
  cabinetTokenDataSchema
} from './customer-cabinet-token.schema'
import { CABINET_TOKEN_PATTERN, cabinetTokenMethods, cabinetTokenPath } from './customer-cabinet-token.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [cabinetTokenPath]: CabinetTokenService
  }
}

/** A link for a customer the caller can see, expiring (if at all) in the future. */
async function forVisibleCustomer(context: HookContext) {
  const data = context.data as { customerId: string; expiresAt?: string | null }
  await visibleCustomer(context, data.customerId)
  if (data.expiresAt && Date.parse(data.expiresAt) <= Date.now()) throw clinicError(BadRequest, 'invalid-request', 'expiresAt')
}

/** `customer-cabinet-token`: revocable links to customers' own cabinets. */
export function customerCabinetToken(app: Application) {
  registerService(app, cabinetTokenPath, new CabinetTokenService(cabinetTokenServiceOptions(app), cabinetTokenRowShape), {
    methods: [...cabinetTokenMethods],
    tables: ['customer_cabinet_tokens'],
    access: {
      refuses: { update: 'a link is issued and revoked, never rewritten' }, data: { create: cabinetTokenDataSchema },
      methods: {
        find: { resource: 'customers', flag: 'view' },
        get: { resource: 'customers', flag: 'view' },
        create: { resource: 'customers', flag: 'edit' },
        // remove revokes the link.
        remove: { resource: 'customers', flag: 'edit' }
      },
      module: 'customers'
    },
    hooks: {
      around: {
        all: [
          resolveExternal(cabinetTokenExternalResolver),
          resolveResult(cabinetTokenResolver)
        ]
      },
      before: {
        all: [checkId(CABINET_TOKEN_PATTERN), schemaHooks.validateQuery(cabinetTokenQueryValidator), companyScope, schemaHooks.resolveQuery(cabinetTokenQueryResolver)],
        find: [findOfVisibleCustomer({ createdAt: -1 })],
        get: [ofVisibleCustomer],
        create: [schemaHooks.validateData(cabinetTokenDataValidator), forVisibleCustomer, schemaHooks.resolveData(cabinetTokenDataResolver)],
        remove: [ofVisibleCustomer]
      }
    }
  })
  // Links are credentials: their events go to no one (not even the whole company); the
  // screens that show them read them again after their own create and remove.
  publishToNoOne(app.service(cabinetTokenPath))
}
