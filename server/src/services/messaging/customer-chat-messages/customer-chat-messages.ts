import { hooks as schemaHooks } from '@feathersjs/schema'
import { BadRequest } from '@feathersjs/errors'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { clinicError } from '../../../errors'
import { ofVisibleCustomer, visibleCustomer } from '../../../hooks/customer-visibility'
import { patientAudience } from '../../customers/customers/patient-audience'
import { CHAT_TEXT_MAX } from '../../../../../domain/messaging/chat'
import { ChatMessageService, type ChatMessage } from './customer-chat-messages.class'
import { chatMessageDataSchema, chatMessageDataValidator, chatMessagePatchSchema, chatMessagePatchValidator, chatMessageQueryValidator } from './customer-chat-messages.schema'
import { chatMessageMethods, chatMessagePath } from './customer-chat-messages.shared'
import { CHATS_TABLE, CHAT_MESSAGES_TABLE, mergeChats } from './chat-store'

declare module '../../../declarations' {
  interface ServiceTypes {
    [chatMessagePath]: ChatMessageService
  }
}

/** Trims the reply and gives its own messages for a blank or too long one (before the schema). */
async function normaliseText(context: HookContext) {
  const data = context.data as { text?: unknown }
  if (!data || typeof data.text !== 'string') return
  const text = data.text.trim()
  if (text === '') throw clinicError(BadRequest, 'field-required', 'text')
  if (text.length > CHAT_TEXT_MAX) throw clinicError(BadRequest, 'chat-text-too-long', 'text', { max: CHAT_TEXT_MAX })
  context.data = { ...data, text }
}

/** A conversation (find with customerId) and a reply are the caller's only for a patient they see. */
async function ofNamedCustomer(context: HookContext) {
  if (!context.params.provider) return
  const customerId = context.method === 'create' ? (context.data as { customerId: string }).customerId : context.params.query?.customerId
  if (typeof customerId === 'string') await visibleCustomer(context, customerId)
}

/**
 * Those who see the patient and may view `communications` hear of a message (a patient's, a
 * reply) and of a read mark, so every open inbox and conversation updates. A message carries no
 * phone or address, so phone protection has nothing to hide here.
 */
const publishChat = (app: Application) => async (data: unknown, context?: HookContext) => {
  const message = data as ChatMessage
  if (!message?.customerId) return undefined
  return (await patientAudience(app, message, 'communications', context)).send(message)
}

/**
 * `customer-chat-messages` (issue 18, item 7; docs/decisions/telegram.md, "Chat"): the patients'
 * conversations. Reading (a conversation, the inbox) and marking read need `communications:
 * view`, replying `communications: create`; always only patients the caller sees (the inbox in
 * its SQL, so its counts are right). Patients' messages come from the channels
 * (receiveChatMessage), never through the API.
 */
export function customerChatMessages(app: Application) {
  registerService(app, chatMessagePath, new ChatMessageService(app), {
    methods: [...chatMessageMethods],
    tables: [CHAT_MESSAGES_TABLE, CHATS_TABLE],
    customerRows: [
      { table: CHAT_MESSAGES_TABLE, column: 'customerId' },
      { table: CHATS_TABLE, column: 'customerId' }
    ],
    mergeCustomer: mergeChats,
    activity: {
      // The read marker is the inbox's bookkeeping, not the clinic's record; a reply is logged.
      skip: (context) => context.method === 'patch',
      recordId: (context) => (context.method === 'create' ? ((context.result as ChatMessage | undefined)?._id ?? null) : String(context.id ?? '')) || null
    },
    access: {
      data: { create: chatMessageDataSchema, patch: chatMessagePatchSchema },
      methods: {
        find: { resource: 'communications', flag: 'view' },
        get: { resource: 'communications', flag: 'view' },
        create: { resource: 'communications', flag: 'create' },
        patch: { resource: 'communications', flag: 'view' }
      },
      refuses: {
        update: 'a message is never rewritten',
        remove: 'the conversation keeps every message'
      }
    },
    hooks: {
      before: {
        all: [checkId(), schemaHooks.validateQuery(chatMessageQueryValidator), companyScope],
        find: [ofNamedCustomer],
        get: [ofVisibleCustomer],
        create: [normaliseText, schemaHooks.validateData(chatMessageDataValidator), ofNamedCustomer],
        patch: [schemaHooks.validateData(chatMessagePatchValidator), ofVisibleCustomer]
      }
    },
    publish: publishChat(app)
  })
}
