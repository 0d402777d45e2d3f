import { clientService } from '../../../client-service'
import type { HealthCard, HealthCardData, HealthCardPatch, HealthCardQuery, HealthCardService } from './health-card.class'

export type { HealthCard, HealthCardData, HealthCardPatch, HealthCardQuery }

export const healthCardPath = 'health-card'
export const healthCardMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export type HealthCardClientService = Pick<HealthCardService, (typeof healthCardMethods)[number]>

export const healthCardClient = clientService<HealthCardClientService>()(healthCardPath, healthCardMethods)
