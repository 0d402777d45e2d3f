import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { callerMay, standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { publishToCompany } from '../../../channels'
import { BranchService, branchRowShape, branchServiceOptions } from './branches.class'
import {
  branchDataResolver,
  branchDataValidator,
  branchExternalResolver,
  branchPatchResolver,
  branchPatchValidator,
  branchQueryValidator,
  branchResolver,
  branchDataSchema,
  branchPatchSchema
} from './branches.schema'
import { branchMethods, branchPath } from './branches.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [branchPath]: BranchService
  }
}

/** People who do not see the whole company read only the branches they work in. */
async function ownBranchesOnly(context: HookContext) {
  const identity = context.params.identity
  if (!context.params.provider || !identity || callerMay(context, 'company', 'seeAll')) return
  context.params.query = { ...(context.params.query ?? {}), _id: { $in: identity.branchIds } }
}

/** `branches`: the company's branches. Everyone reads theirs; managing them is a company edit. */
export function branches(app: Application) {
  registerService(app, branchPath, new BranchService(branchServiceOptions(app), branchRowShape), {
    methods: [...branchMethods],
    tables: ['branches'],
    access: { data: { create: branchDataSchema, patch: branchPatchSchema },
      methods: standardAccess('company', { find: { signedIn: true }, get: { signedIn: true } })
    },
    hooks: {
      around: {
        all: [
          resolveExternal(branchExternalResolver),
          resolveResult(branchResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(branchQueryValidator), companyScope, ownBranchesOnly],
        create: [schemaHooks.validateData(branchDataValidator), schemaHooks.resolveData(branchDataResolver)],
        patch: [schemaHooks.validateData(branchPatchValidator), schemaHooks.resolveData(branchPatchResolver)]
      }
    },
    publish: publishToCompany(app)
  })
}
