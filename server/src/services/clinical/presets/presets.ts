import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { sortByRank } from '../../../schema/rank'
import { publishToCompanyWhoMay } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { normalizeIcdCodes } from '../icd-codes'
import { PresetsService, presetsRowShape, presetsServiceOptions } from './presets.class'
import {
  presetDataResolver,
  presetDataSchema,
  presetDataValidator,
  presetExternalResolver,
  presetPatchResolver,
  presetPatchSchema,
  presetPatchValidator,
  presetQueryValidator,
  presetResolver
} from './presets.schema'
import { presetsMethods, presetsPath } from './presets.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [presetsPath]: PresetsService
  }
}

/** Text items are trimmed before validation, so an item of only spaces is refused as empty. */
function trimTextLists(...fields: string[]) {
  return (context: HookContext) => {
    const data = context.data as Record<string, unknown> | undefined
    if (!data || typeof data !== 'object' || Array.isArray(data)) return
    const next = { ...data }
    for (const field of fields) {
      const value = next[field]
      if (Array.isArray(value)) next[field] = value.map((item) => (typeof item === 'string' ? item.trim() : item))
    }
    context.data = next
  }
}

const normalize = [trimStrings('name'), trimTextLists('cdb', 'diagnosis', 'diagnosisFinal'), normalizeIcdCodes('icd')]

/** `presets`: exam presets per specialty; its references (specialty, findings, services) are the company's own. */
export function presets(app: Application) {
  registerService(app, presetsPath, new PresetsService(presetsServiceOptions(app), presetsRowShape), {
    methods: presetsMethods,
    tables: ['presets'],
    access: { data: { create: presetDataSchema, patch: presetPatchSchema }, methods: standardAccess('presets'), module: 'treatment' },
    hooks: {
      around: {
        all: [resolveExternal(presetExternalResolver), resolveResult(presetResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(presetQueryValidator), companyScope],
        find: [sortByRank],
        create: [...normalize, schemaHooks.validateData(presetDataValidator), schemaHooks.resolveData(presetDataResolver)],
        patch: [...normalize, schemaHooks.validateData(presetPatchValidator), schemaHooks.resolveData(presetPatchResolver)]
      }
    },
    publish: publishToCompanyWhoMay(app, 'presets')
  })
}
