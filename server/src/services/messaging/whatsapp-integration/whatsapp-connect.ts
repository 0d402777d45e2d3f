import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { WHATSAPP_BASE_URL, WhatsappCloud } from '../../../providers/whatsapp/whatsapp'
import { messagingSettings, storeWhatsappNumber, type WhatsappSettings } from '../integrations/integration-store'

declare module '../../../declarations' {
  interface AppSettings {
    /** The Graph API root (tests: a local server speaking its protocol); else WHATSAPP_BASE_URL or graph.facebook.com. */
    whatsappBaseUrl?: string
  }
}

/** Never a client setting (no SSRF): the app setting (tests), the environment, or Meta's. */
export const whatsappBaseUrlOf = (app: Application) => app.get('whatsappBaseUrl') ?? process.env.WHATSAPP_BASE_URL ?? WHATSAPP_BASE_URL

export function whatsappClient(app: Application, settings: WhatsappSettings): WhatsappCloud {
  return new WhatsappCloud({ baseUrl: whatsappBaseUrlOf(app), version: process.env.WHATSAPP_API_VERSION || undefined, accessToken: settings.accessToken, phoneNumberId: settings.phoneNumberId })
}

/** The webhook's address, to paste in Meta's App Dashboard (WhatsApp, Configuration) with the verify token. */
export const whatsappHookUrl = (app: Application, hookPath: string) => `${app.get('config').publicUrl.replace(/\/$/, '')}/hooks/whatsapp/${hookPath}`

export interface WhatsappConnection {
  displayPhoneNumber: string
  verifiedName: string
  webhookUrl: string
  /** Whether the webhook can work: an app secret (signatures) and a verify token (Meta's check) are set. */
  webhookReady: boolean
}

/**
 * The "test connection": asks Meta for the number (the token and the phone number id must both
 * be right), keeps its display number and verified name, and makes the webhook's secret path on
 * first need. Null when WhatsApp is not set up; throws Meta's message when refused.
 */
export async function connectWhatsapp(app: Application, db: Knex, companyId: string): Promise<WhatsappConnection | null> {
  const settings = (await messagingSettings(db, companyId, app.get('config').authSecret)).whatsapp
  if (!settings) return null
  const number = await whatsappClient(app, settings).numberInfo()
  const { hookPath } = await storeWhatsappNumber(db, companyId, number)
  return { ...number, webhookUrl: whatsappHookUrl(app, hookPath), webhookReady: Boolean(settings.appSecret && settings.verifyToken) }
}
