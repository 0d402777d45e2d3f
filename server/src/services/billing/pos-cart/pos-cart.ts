import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { PosCartService } from './pos-cart.class'
import { posCartQueryValidator } from './pos-cart.schema'
import { posCartMethods, posCartPath } from './pos-cart.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [posCartPath]: PosCartService
  }
}

/** `pos-cart` (issue 16, item 5): read-only, over the visits, treatments and the ledger; resource `cart`. */
export function posCart(app: Application) {
  registerService(app, posCartPath, new PosCartService(app), {
    methods: [...posCartMethods],
    tables: [],
    access: {
      refuses: { update: 'a read-only list (find only): visits are paid through cart' },
      methods: { find: { resource: 'cart', flag: 'view' } },
      module: 'billing'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(posCartQueryValidator), companyScope]
      }
    }
  })
}
