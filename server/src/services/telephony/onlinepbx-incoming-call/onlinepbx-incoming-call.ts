import { Type, getValidator } from '@feathersjs/typebox'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { queryValidator } from '../../../validators'
import { IncomingCallService } from './onlinepbx-incoming-call.class'
import { publishIncomingCall } from './incoming-call-pop'
import { incomingCallMethods, incomingCallPath } from './onlinepbx-incoming-call.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [incomingCallPath]: IncomingCallService
  }
}

const incomingCallQueryValidator = getValidator(Type.Object({}, { $id: 'IncomingCallQuery', additionalProperties: false }), queryValidator)

/**
 * `onlinepbx-incoming-call` (issue 20, item 5; docs/decisions/telephony-onlinepbx.md): the screen
 * pop. The PBX's webhook (server/src/http/telephony-routes.ts) records the call (`calls`) and emits
 * `created` here once the call starts ringing; the publisher sends each user of the call's branch
 * their own shape of it (incoming-call-pop.ts). `find` needs `onlinepbx-incoming-call: view`.
 */
export function incomingCall(app: Application) {
  registerService(app, incomingCallPath, new IncomingCallService(app), {
    methods: [...incomingCallMethods],
    tables: [],
    activity: { skip: true },
    access: {
      methods: { find: { resource: 'onlinepbx-incoming-call', flag: 'view' } },
      refuses: {
        get: 'a ringing call is read through `calls`',
        create: 'calls ring through the PBX webhook only',
        update: 'the PBX changes a call, not a person',
        patch: 'the PBX changes a call, not a person',
        remove: 'the call log keeps every call'
      }
    },
    hooks: { before: { find: [schemaHooks.validateQuery(incomingCallQueryValidator)] } },
    publish: publishIncomingCall(app)
  })
}
