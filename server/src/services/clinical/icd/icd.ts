import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { publishToCompanyWhoMay } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { IcdService, icdRowShape, icdServiceOptions, ICD_TABLE } from './icd.class'
import {
  icdDataResolver,
  icdDataSchema,
  icdDataValidator,
  icdExternalResolver,
  icdPatchResolver,
  icdPatchSchema,
  icdPatchValidator,
  icdQueryValidator,
  icdResolver
} from './icd.schema'
import { icdMethods, icdPath } from './icd.shared'
import { refuseShipped, withShipped } from './code-list.class'
import { normaliseIcdData, prepareIcdWrite, refuseRemovingParent } from './icd-rules'

declare module '../../../declarations' {
  interface ServiceTypes {
    [icdPath]: IcdService
  }
}

/**
 * `icd`: the ICD-10 codes a diagnosis is chosen from. Shipped codes are every company's and
 * read-only; a company adds, renames and removes its own (to trash). Reading needs `icd: view`
 * (every default role has it), changing the company's own codes `icd: create/edit/delete`.
 * Belongs to the `treatment` module (the dental chart).
 */
export function icd(app: Application) {
  registerService(app, icdPath, new IcdService(icdServiceOptions(app), icdRowShape), {
    methods: icdMethods,
    tables: [ICD_TABLE],
    access: { data: { create: icdDataSchema, patch: icdPatchSchema }, methods: standardAccess('icd'), module: 'treatment' },
    hooks: {
      around: {
        all: [resolveExternal(icdExternalResolver), resolveResult(icdResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(icdQueryValidator), companyScope],
        find: [withShipped],
        get: [withShipped],
        create: [normaliseIcdData, schemaHooks.validateData(icdDataValidator), prepareIcdWrite, schemaHooks.resolveData(icdDataResolver)],
        patch: [refuseShipped(ICD_TABLE), normaliseIcdData, schemaHooks.validateData(icdPatchValidator), prepareIcdWrite, schemaHooks.resolveData(icdPatchResolver)],
        remove: [refuseShipped(ICD_TABLE), refuseRemovingParent]
      }
    },
    publish: publishToCompanyWhoMay(app, 'icd')
  })
}
