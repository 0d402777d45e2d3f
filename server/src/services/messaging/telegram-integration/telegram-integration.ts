import { Type, getValidator } from '@feathersjs/typebox'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { dataValidator } from '../../../validators'
import { publishToNoOne } from '../../../channels'
import { TelegramIntegrationService } from './telegram-integration.class'
import { telegramIntegrationMethods, telegramIntegrationPath } from './telegram-integration.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [telegramIntegrationPath]: TelegramIntegrationService
  }
}

export const telegramCheckDataSchema = Type.Object({}, { $id: 'TelegramCheckData', additionalProperties: false })
const telegramCheckValidator = getValidator(telegramCheckDataSchema, dataValidator)

/** `telegram-integration`: the connection test of the company's bot (needs `notifications: edit`). */
export function telegramIntegration(app: Application) {
  registerService(app, telegramIntegrationPath, new TelegramIntegrationService(app), {
    methods: [...telegramIntegrationMethods],
    tables: [],
    activity: { skip: true },
    access: {
      refuses: { update: 'an action (test the bot), not a record' },
      data: { create: telegramCheckDataSchema },
      methods: { create: { resource: 'notifications', flag: 'edit' } }
    },
    hooks: {
      around: { all: [] },
      before: { create: [schemaHooks.validateData(telegramCheckValidator)] }
    }
  })
  publishToNoOne(app.service(telegramIntegrationPath))
}
