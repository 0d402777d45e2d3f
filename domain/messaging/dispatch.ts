import { smsLength, type SmsLength } from './sms-segments'
import type { TemplateLocale } from './templates'

/**
 * Broadcasts to patients (issue 18, items 5 and 6; docs/decisions/messaging.md "Dispatch").
 * A broadcast is promotional: it goes only to patients with the promo SMS consent (and the
 * general SMS consent) whom its channel reaches (a phone; Telegram linked; WhatsApp's window
 * open), never to blacklisted ones, and every message ends with a short opt-out link
 * (`/u/<token>`: a page whose POST turns the promo consent off).
 */
export const dispatchStates = ['draft', 'scheduled', 'sending', 'done', 'cancelled'] as const
export type DispatchState = (typeof dispatchStates)[number]

/**
 * The channel a broadcast goes by, or `order`: each patient by the first channel of their
 * branch's (else the company's) channel order that reaches them. The promo consent is the spec's "promo SMS consent", and it
 * is the one consent to promotion a patient has: Telegram and WhatsApp broadcasts keep to it
 * (and to the general SMS consent), then to the channel's own reach.
 */
export const dispatchChannels = ['sms', 'telegram', 'whatsapp', 'order'] as const
export type DispatchChannel = (typeof dispatchChannels)[number]
/** The channels one message goes by; `order` picks one of them per patient. */
export type SendingChannel = Exclude<DispatchChannel, 'order'>

/** Why a patient the filter matched gets nothing; the first that applies, in this order. */
export const exclusionReasons = ['blacklisted', 'noPhone', 'noSmsConsent', 'optedOut', 'noPromoConsent', 'telegramNotLinked', 'whatsappWindowClosed', 'noChannel'] as const
export type ExclusionReason = (typeof exclusionReasons)[number]
export type Exclusions = Partial<Record<ExclusionReason, number>>

/**
 * The reasons that apply to a channel, in order: the promo rules first, the channel's reach
 * last. Telegram needs no phone (the patient's chat is linked); WhatsApp goes to the phone, and
 * a broadcast's free text only while the number's 24-hour window is open (Meta's rule; there is
 * no broadcast template: docs/decisions/messaging.md "Dispatch").
 */
export function exclusionReasonsOf(channel: DispatchChannel): ExclusionReason[] {
  const promo: ExclusionReason[] = ['blacklisted', 'noSmsConsent', 'optedOut', 'noPromoConsent']
  if (channel === 'telegram') return [...promo, 'telegramNotLinked']
  // By the order: no channel of it reaches the patient (counted apart: customer-audience.ts `audienceReach`).
  if (channel === 'order') return [...promo, 'noChannel']
  const [blacklisted, ...consents] = promo
  return [blacklisted, 'noPhone', ...consents, ...(channel === 'whatsapp' ? (['whatsappWindowClosed'] as const) : [])]
}

/** Only SMS is priced per part (Telegram and WhatsApp service messages cost the clinic nothing per message here); by the order, its SMS recipients. */
export const dispatchPricedByParts = (channel: DispatchChannel) => channel === 'sms' || channel === 'order'

/** What reaches a patient: linked to the bot, WhatsApp window open, a phone (each only where the clinic has the channel's account). */
export type Reach = Record<SendingChannel, boolean>

/** The channel a broadcast by the order uses for a patient: the first of the order that reaches them; null when none does. */
export function channelByOrder(order: readonly SendingChannel[], reach: Reach): SendingChannel | null {
  return order.find((channel) => reach[channel]) ?? null
}

export const MAX_DISPATCH_TEXT = 1000

/**
 * Which patients a broadcast is for (the customers list's own filters where they exist:
 * tags, debtors; and last visit, birthdays). Every condition given must hold; none: every
 * active patient. Dates are company-local calendar days, `YYYY-MM-DD`; birthdays `MM-DD`
 * (a period may wrap the new year: 12-20 to 01-10).
 */
export interface DispatchFilter {
  /** Patients with any of these tags. */
  tagIds?: string[]
  /** Patients whose last visit was before this day (who came, and not since). */
  lastVisitBefore?: string
  /** Patients with a visit on or after this day. */
  lastVisitAfter?: string
  /** Patients who owe the clinic. */
  debtors?: boolean
  /** Birthdays from this day of the year through `birthdayTo`, `MM-DD`. */
  birthdayFrom?: string
  birthdayTo?: string
  /** Patients of these branches only. */
  branchIds?: string[]
}

/** The provider's sending rate a worker keeps to unless the company set its own (sends per second). */
/** WhatsApp: Cloud API's default throughput per business number is 80 messages a second. */
export const defaultSendsPerSecond: Record<string, number> = { eskiz: 20, telegram: 25, whatsapp: 80, smtp: 10 }

/** The opt-out line every promotional message (SMS, Telegram, WhatsApp) ends with, in the patient's language. */
const optOutWords: Record<TemplateLocale, string> = { ru: 'Отписаться', uz: 'Obunani bekor qilish', en: 'Opt out' }
export const optOutLine = (locale: TemplateLocale, url: string) => `${optOutWords[locale]}: ${url}`

/** The whole text of one broadcast message: the clinic's text, then the opt-out line. */
export const dispatchMessage = (text: string, locale: TemplateLocale, optOutUrl: string) => `${text.trim()}\n${optOutLine(locale, optOutUrl)}`

/** A name as long as most, for the estimate before the names are known. */
export const SAMPLE_PATIENT = 'Александра Иванова'

export interface DispatchEstimate {
  length: SmsLength
  /** Segments per message (the sample text with the opt-out line). */
  segments: number
  /** recipients × segments × price per segment, minor units. */
  cost: number
}

export function dispatchEstimate(sampleMessage: string, recipients: number, segmentPrice: number): DispatchEstimate {
  const length = smsLength(sampleMessage)
  return { length, segments: length.segments, cost: recipients * length.segments * segmentPrice }
}

/** Whether `MM-DD` is a valid day of some year (02-29 included). */
export function isMonthDay(value: string): boolean {
  const match = /^(\d\d)-(\d\d)$/.exec(value)
  if (!match) return false
  const [month, day] = [Number(match[1]), Number(match[2])]
  return month >= 1 && month <= 12 && day >= 1 && day <= [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
}

/** Moves between broadcast states a client may ask for. */
export function dispatchTransition(from: DispatchState, to: DispatchState): boolean {
  if (to === 'scheduled') return from === 'draft'
  if (to === 'draft') return from === 'scheduled'
  if (to === 'cancelled') return from === 'scheduled' || from === 'sending'
  return false
}
