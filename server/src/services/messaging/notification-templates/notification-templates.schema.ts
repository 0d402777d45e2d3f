import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { messageChannels, notificationEvents, templateLocales } from '../../../../../domain/messaging/templates'
import { MAX_TEMPLATE_BODY, MAX_TEMPLATE_SUBJECT } from './notification-templates.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

export const notificationTemplateSchema = Type.Object(
  {
    ...recordProperties,
    event: literals(notificationEvents),
    channel: literals(messageChannels),
    locale: literals(templateLocales),
    subject: Type.String({ maxLength: MAX_TEMPLATE_SUBJECT }),
    body: Type.String({ minLength: 1, maxLength: MAX_TEMPLATE_BODY })
  },
  { $id: 'NotificationTemplate', additionalProperties: false }
)
export type NotificationTemplate = Static<typeof notificationTemplateSchema>
export const notificationTemplateResolver = resolve<NotificationTemplate, HookContext>({})
export const notificationTemplateExternalResolver = resolve<NotificationTemplate, HookContext>({})

export const notificationTemplateDataSchema = Type.Object(
  {
    event: literals(notificationEvents),
    channel: literals(messageChannels),
    locale: literals(templateLocales),
    subject: Type.Optional(Type.String({ maxLength: MAX_TEMPLATE_SUBJECT })),
    body: Type.String({ minLength: 1, maxLength: MAX_TEMPLATE_BODY })
  },
  { $id: 'NotificationTemplateData', additionalProperties: false }
)
export type NotificationTemplateData = Static<typeof notificationTemplateDataSchema>
export const notificationTemplateDataValidator = getValidator(notificationTemplateDataSchema, dataValidator)
export const notificationTemplateDataResolver = resolve<NotificationTemplate, HookContext>({
  ...recordCreateResolvers,
  subject: async (value) => value?.trim() ?? '',
  body: async (value) => value?.trim()
})

/** Only the texts change; the key (event, channel, language) is fixed at creation. */
export const notificationTemplatePatchSchema = Type.Object(
  { subject: Type.Optional(Type.String({ maxLength: MAX_TEMPLATE_SUBJECT })), body: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_TEMPLATE_BODY })) },
  { $id: 'NotificationTemplatePatch', additionalProperties: false }
)
export type NotificationTemplatePatch = Static<typeof notificationTemplatePatchSchema>
export const notificationTemplatePatchValidator = getValidator(notificationTemplatePatchSchema, dataValidator)
export const notificationTemplatePatchResolver = resolve<NotificationTemplate, HookContext>({
  ...recordPatchResolvers,
  subject: async (value) => value?.trim(),
  body: async (value) => value?.trim()
})

export const notificationTemplateQuerySchema = strictQuery(Type.Pick(notificationTemplateSchema, ['_id', 'companyId', 'event', 'channel', 'locale', 'createdAt', 'updatedAt']))
export type NotificationTemplateQuery = Static<typeof notificationTemplateQuerySchema>
export const notificationTemplateQueryValidator = getValidator(notificationTemplateQuerySchema, queryValidator)
