import { clientService } from '../../../client-service'
import type { ChatMessage, ChatMessageData, ChatMessagePatch, ChatMessageQuery, ChatMessageService } from './customer-chat-messages.class'

export type { ChatMessage, ChatMessageData, ChatMessagePatch, ChatMessageQuery }

/** The spec's path (section 7): the patients' conversations (the chat tab, /pulse). */
export const chatMessagePath = 'customer-chat-messages'
/** find: a conversation or the inbox; get: one message; create: a reply; patch: the read marker. */
export const chatMessageMethods = ['find', 'get', 'create', 'patch'] as const
export type ChatMessageClientService = Pick<ChatMessageService, (typeof chatMessageMethods)[number]>
export const chatMessageClient = clientService<ChatMessageClientService>()(chatMessagePath, chatMessageMethods)
