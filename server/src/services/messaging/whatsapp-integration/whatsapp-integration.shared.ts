import { clientService } from '../../../client-service'
import type { WhatsappIntegrationService } from './whatsapp-integration.class'
import type { WhatsappConnection } from './whatsapp-connect'

/** `whatsapp-integration`: tests the company's WhatsApp Cloud API number; create {} answers it and the webhook's address. */
export const whatsappIntegrationPath = 'whatsapp-integration'
export const whatsappIntegrationMethods = ['create'] as const
export type WhatsappCheck = WhatsappConnection
export type WhatsappIntegrationClientService = Pick<WhatsappIntegrationService, (typeof whatsappIntegrationMethods)[number]>
export const whatsappIntegrationClient = clientService<WhatsappIntegrationClientService>()(whatsappIntegrationPath, whatsappIntegrationMethods)
