import type { Application } from '../../declarations'
import { onlinePbxIntegration } from './onlinepbx-integration/onlinepbx-integration'
import { calls } from './calls/calls'
import { incomingCall } from './onlinepbx-incoming-call/onlinepbx-incoming-call'

/** The telephony area (issue 20, items 4 and 5): the OnlinePBX settings, the call log with click-to-call, the screen pop. */
export function telephony(app: Application) {
  app.configure(onlinePbxIntegration)
  app.configure(calls)
  app.configure(incomingCall)
}
