import { clientService } from '../../../client-service'
import type { Integration, IntegrationPatch, IntegrationQuery, IntegrationService } from './integrations.class'

export type { Integration, IntegrationPatch, IntegrationQuery }

export const integrationPath = 'integrations'
/** One row per company, made on first read: no create or remove. */
export const integrationMethods = ['find', 'get', 'patch'] as const
export type IntegrationClientService = Pick<IntegrationService, (typeof integrationMethods)[number]>
export const integrationClient = clientService<IntegrationClientService>()(integrationPath, integrationMethods)
