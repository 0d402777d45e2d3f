/**
 * The patient's conversation (issue 18, item 7; docs/decisions/telegram.md, "Chat"): what the
 * patient wrote (stored by `customer-chat-messages`, one row per message, with its channel) and
 * what went to them (the outbox: staff replies, visit notices and reminders), in time order.
 */

/** Channels a patient writes to the clinic by. WhatsApp joins with one call (receiveChatMessage). */
export const inboundChannels = ['telegram', 'whatsapp'] as const
export type InboundChannel = (typeof inboundChannels)[number]

/**
 * Every channel a conversation shows: the outbox's (templates.ts `messageChannels`) and the
 * inbound ones. Written out rather than imported, so the chat screens do not pull the shipped
 * templates into the first screen's shared chunk (tests/e2e/first-screen-size.spec.ts).
 */
export const chatChannels = ['sms', 'email', 'telegram', 'whatsapp'] as const
export type ChatChannel = (typeof chatChannels)[number]

/** Channels staff reply by (a reply goes through the outbox): Telegram to a linked patient, WhatsApp within the 24-hour window. */
export const replyChannels = ['telegram', 'whatsapp'] as const
export type ReplyChannel = (typeof replyChannels)[number]

/** Telegram's limit for one text message (sendMessage: 1-4096 characters after entities parsing). */
export const CHAT_TEXT_MAX = 4096
