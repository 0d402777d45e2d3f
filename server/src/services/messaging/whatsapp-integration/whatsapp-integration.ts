import { Type, getValidator } from '@feathersjs/typebox'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { dataValidator } from '../../../validators'
import { publishToNoOne } from '../../../channels'
import { WhatsappIntegrationService } from './whatsapp-integration.class'
import { whatsappIntegrationMethods, whatsappIntegrationPath } from './whatsapp-integration.shared'
import { WHATSAPP_WINDOWS_TABLE } from './whatsapp-store'

declare module '../../../declarations' {
  interface ServiceTypes {
    [whatsappIntegrationPath]: WhatsappIntegrationService
  }
}

export const whatsappCheckDataSchema = Type.Object({}, { $id: 'WhatsappCheckData', additionalProperties: false })
const whatsappCheckValidator = getValidator(whatsappCheckDataSchema, dataValidator)

/**
 * `whatsapp-integration`: the connection test of the company's WhatsApp number (needs
 * `notifications: edit`). It owns `whatsapp_windows`, when each number last wrote to the clinic
 * (written by the webhook, read by scheduling and the outbox worker through whatsapp-store.ts).
 */
export function whatsappIntegration(app: Application) {
  registerService(app, whatsappIntegrationPath, new WhatsappIntegrationService(app), {
    methods: [...whatsappIntegrationMethods],
    tables: [WHATSAPP_WINDOWS_TABLE],
    activity: { skip: true },
    access: {
      refuses: { update: 'an action (test the number), not a record' },
      data: { create: whatsappCheckDataSchema },
      methods: { create: { resource: 'notifications', flag: 'edit' } }
    },
    hooks: {
      around: { all: [] },
      before: { create: [schemaHooks.validateData(whatsappCheckValidator)] }
    }
  })
  publishToNoOne(app.service(whatsappIntegrationPath))
}
