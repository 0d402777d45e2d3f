import type { ReplyChannel } from '../../../../domain/messaging/chat'
import { insideWindow } from '../../../../domain/messaging/whatsapp'

interface SeenMessage {
  direction: string
  channel: string
  createdAt: string
}

export interface ReplyChoice {
  /** The channels a reply may go by now, Telegram first. */
  channels: ReplyChannel[]
  /** The one the reply box starts on: where the patient last wrote, when a reply can go there. */
  preferred: ReplyChannel | null
  /** The patient wrote by WhatsApp, but too long ago for a free-form reply (Meta's 24-hour window). */
  whatsappClosed: boolean
}

/**
 * Which channels a staff reply can take (the server checks the same): Telegram when the patient
 * is linked to the clinic's bot; WhatsApp while the 24-hour window of their last WhatsApp message
 * is open. `messages` are the conversation's, newest anywhere.
 */
export function replyChoice(messages: readonly SeenMessage[], telegramLinked: boolean, nowMs: number): ReplyChoice {
  const inbound = messages.filter((message) => message.direction === 'in')
  const newest = (list: readonly SeenMessage[]) => list.reduce<SeenMessage | null>((best, message) => (!best || message.createdAt > best.createdAt ? message : best), null)
  const lastWhatsapp = newest(inbound.filter((message) => message.channel === 'whatsapp'))
  const whatsappOpen = lastWhatsapp !== null && insideWindow(Date.parse(lastWhatsapp.createdAt), nowMs)
  const channels: ReplyChannel[] = [...(telegramLinked ? (['telegram'] as const) : []), ...(whatsappOpen ? (['whatsapp'] as const) : [])]
  const lastChannel = newest(inbound)?.channel
  const preferred = channels.find((channel) => channel === lastChannel) ?? channels[0] ?? null
  return { channels, preferred, whatsappClosed: lastWhatsapp !== null && !whatsappOpen }
}
