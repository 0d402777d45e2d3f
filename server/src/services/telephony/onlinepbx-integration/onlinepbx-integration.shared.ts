import { clientService } from '../../../client-service'
import type { OnlinePbxIntegrationService } from './onlinepbx-integration.class'

/**
 * `onlinepbx-integration`: the company's OnlinePBX settings (issue 20, item 4): one record per
 * company, made on the first read. The spec's `integrations` holds the messaging settings here
 * (issue 18); the PBX keeps its own table and service (docs/decisions/telephony-onlinepbx.md).
 */
export const onlinePbxIntegrationPath = 'onlinepbx-integration'
export const onlinePbxIntegrationMethods = ['find', 'get', 'patch'] as const

export interface OnlinePbxLine {
  /** The clinic's number as the PBX names it (digits): inbound calls to it ring this branch. */
  number: string
  branchId: string
}
export interface OnlinePbxExtension {
  userId: string
  /** The member's extension on the PBX (digits): click-to-call rings it first. */
  extension: string
}

/** What the settings screen reads: no secret, only whether each one is set. */
export interface OnlinePbxIntegration {
  _id: string
  companyId: string
  domain: string
  apiKeySet: boolean
  crmTokenSet: boolean
  /** The PBX accepted the API key (a session key is kept). */
  connected: boolean
  /** Where to point the PBX's webhooks (Profile → Webhooks); null until the PBX is set up. */
  webhookUrl: string | null
  lines: OnlinePbxLine[]
  extensions: OnlinePbxExtension[]
  /** The branch of an inbound call to a number not in `lines`. */
  defaultBranchId: string | null
  /** Who gets the "call back" task of a missed call. */
  callbackAssigneeId: string | null
  syncedUntil: string | null
  updatedAt: string
}

export interface OnlinePbxIntegrationPatch {
  domain?: string
  /** '' clears it, absent keeps it; a new one is checked against the PBX before it is kept. */
  apiKey?: string
  crmToken?: string
  lines?: OnlinePbxLine[]
  extensions?: OnlinePbxExtension[]
  defaultBranchId?: string | null
  callbackAssigneeId?: string | null
}

export type OnlinePbxIntegrationClientService = Pick<OnlinePbxIntegrationService, (typeof onlinePbxIntegrationMethods)[number]>
export const onlinePbxIntegrationClient = clientService<OnlinePbxIntegrationClientService>()(onlinePbxIntegrationPath, onlinePbxIntegrationMethods)
