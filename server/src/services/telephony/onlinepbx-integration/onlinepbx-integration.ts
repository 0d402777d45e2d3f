import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { publishToNoOne } from '../../../channels'
import { TELEPHONY_SETTINGS_TABLE } from './telephony-store'
import { checkWithPbx, OnlinePbxIntegrationService } from './onlinepbx-integration.class'
import { onlinePbxPatchSchema, onlinePbxPatchValidator, onlinePbxQueryValidator } from './onlinepbx-integration.schema'
import { onlinePbxIntegrationMethods, onlinePbxIntegrationPath, type OnlinePbxIntegrationPatch } from './onlinepbx-integration.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [onlinePbxIntegrationPath]: OnlinePbxIntegrationService
  }
}

/** The log names what changed, never a secret. */
function settingsActivity(context: HookContext) {
  const data = (context.arguments[1] ?? {}) as OnlinePbxIntegrationPatch
  const secrets = new Set(['apiKey', 'crmToken'])
  return { action: 'settings', fields: Object.keys(data).map((key) => (secrets.has(key) ? `${key} (changed)` : key)), domain: data.domain }
}

/**
 * `onlinepbx-integration` (issue 20, item 4; docs/decisions/telephony-onlinepbx.md): the
 * company's PBX (domain `*.onpbx.ru`, API key checked against the PBX), the webhook's address,
 * which line rings which branch, each member's extension and who calls back a missed call.
 * Reading needs `onlinepbx-incoming-call: view`, changing `onlinepbx-incoming-call: edit`. Secrets
 * are sealed and never leave; the record's events go to no one (the screen reads its own result).
 */
export function onlinePbxIntegration(app: Application) {
  registerService(app, onlinePbxIntegrationPath, new OnlinePbxIntegrationService(app), {
    methods: [...onlinePbxIntegrationMethods],
    tables: [TELEPHONY_SETTINGS_TABLE],
    activity: { changes: settingsActivity },
    access: {
      data: { patch: onlinePbxPatchSchema },
      methods: { find: { resource: 'onlinepbx-incoming-call', flag: 'view' }, get: { resource: 'onlinepbx-incoming-call', flag: 'view' }, patch: { resource: 'onlinepbx-incoming-call', flag: 'edit' } },
      refuses: {
        create: 'one record per company, made on its first read',
        update: 'settings change field by field; secrets left out are kept',
        remove: 'clearing the domain and the API key turns the PBX off'
      }
    },
    // The PBX's answer to the key is awaited before the write transaction opens.
    prepare: {
      patch: async (context) => {
        await schemaHooks.validateData(onlinePbxPatchValidator)(context)
        await checkWithPbx(app, context.data as OnlinePbxIntegrationPatch, context.params)
      }
    },
    hooks: {
      before: {
        all: [checkId(), schemaHooks.validateQuery(onlinePbxQueryValidator), companyScope],
        patch: [schemaHooks.validateData(onlinePbxPatchValidator)]
      }
    }
  })
  publishToNoOne(app.service(onlinePbxIntegrationPath) as never)
}
