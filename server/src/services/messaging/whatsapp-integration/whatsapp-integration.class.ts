import { BadRequest } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { dbOf } from '../../../hooks/call-transaction'
import { connectWhatsapp } from './whatsapp-connect'
import type { WhatsappCheck } from './whatsapp-integration.shared'

/**
 * The WhatsApp integration's "test connection": asks Meta for the company's number and answers
 * its name and the webhook's address (shown only to those who may edit the settings); "WhatsApp
 * integration is not configured" without an access token and a phone number id; Meta refusing
 * or unreachable: its own message.
 */
export class WhatsappIntegrationService {
  constructor(private readonly app: Application) {}

  async create(_data: Record<string, never>, params: Params = {}): Promise<WhatsappCheck> {
    const companyId = params.identity?.user.companyId ?? ((params.query as Record<string, unknown> | undefined)?.companyId as string)
    let connection
    try {
      connection = await connectWhatsapp(this.app, dbOf(this.app, params), companyId)
    } catch (error) {
      throw clinicError(BadRequest, 'whatsapp-connection-failed', undefined, { detail: String((error as Error).message ?? '').slice(0, 200) })
    }
    if (!connection) throw clinicError(BadRequest, 'whatsapp-not-configured')
    return connection
  }
}
