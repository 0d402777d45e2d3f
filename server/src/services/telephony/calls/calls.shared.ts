import { clientService } from '../../../client-service'
import type { Call, CallData, CallQuery, CallService } from './calls.class'

export type { Call, CallData, CallQuery }

/** `calls`: the call log (issue 20, item 5); create is click-to-call. */
export const callPath = 'calls'
export const callMethods = ['find', 'get', 'create'] as const
export type CallClientService = Pick<CallService, (typeof callMethods)[number]>
export const callClient = clientService<CallClientService>()(callPath, callMethods, { branchScoped: true })

/** Where the renderer fetches a call's recording (Bearer token): streamed through the server. */
export const callRecordingUrl = (callId: string) => `/calls/${encodeURIComponent(callId)}/recording`
