import { clientService } from '../../../client-service'
import type { IncomingCallService } from './onlinepbx-incoming-call.class'

/**
 * `onlinepbx-incoming-call` (the spec's service and resource): the screen pop. Its `created`
 * event reaches, within a second of the PBX's webhook, the users of the call's branch who may
 * view `onlinepbx-incoming-call`, with the caller's patients each one may see; `find` answers the
 * calls ringing now (a screen opened mid-ring shows them too).
 */
export const incomingCallPath = 'onlinepbx-incoming-call'
export const incomingCallMethods = ['find'] as const

export interface IncomingCallPatient {
  _id: string
  first_name: string
  last_name: string
  middle_name: string
  /** Null for those phone protection hides numbers from. */
  phone: string | null
}

export interface IncomingCall {
  /** The call's `_id` in `calls`. */
  _id: string
  companyId: string
  branchId: string
  uuid: string
  /** The caller's number (digits); null and `phoneHidden` for those phone protection hides it from. */
  phone: string | null
  phoneHidden?: true
  /** The clinic's number that was called. */
  line: string
  startedAt: string
  /** The caller's patients found by the number (spec's phone search), those this user may see. */
  customers: IncomingCallPatient[]
}

export type IncomingCallClientService = Pick<IncomingCallService, (typeof incomingCallMethods)[number]>
export const incomingCallClient = clientService<IncomingCallClientService>()(incomingCallPath, incomingCallMethods)
