import { hooks as schemaHooks } from '@feathersjs/schema'
import { Forbidden } from '@feathersjs/errors'
import type { RealTimeConnection } from '@feathersjs/feathers'
import { connectionMay } from '../../../channels'
import { companySettingsFor } from '../../company/company/company-reads'
import { registerService } from '../../register-service'
import { callerMay } from '../../../access/access'
import { clinicError } from '../../../errors'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { findOfVisibleCustomer, ofVisibleCustomer } from '../../../hooks/customer-visibility'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { patientAudience } from '../../customers/customers/patient-audience'
import type { RecordScope } from '../../../access/record-scope'
import { CommunicationService, communicationServiceOptions, type Communication } from './communications.class'
import { communicationExternalResolver, communicationQueryValidator, communicationResolver } from './communications.schema'
import { APPOINTMENT_LINKS_TABLE, OUTBOX_TABLE, outboxRowShape } from './outbox-store'
import { communicationMethods, communicationPath } from './communications.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [communicationPath]: CommunicationService
  }
}

/**
 * Those who see the patient and may view `communications` hear of their messages, without the
 * worker's bookkeeping; with phone protection on, those lacking `customer-phone` seeAll get the
 * message without its phone (the worker's events carry the whole row).
 */
const publishCommunication = (app: Application) => async (data: unknown, context?: HookContext) => {
  const { claimedBy: _claimedBy, ...record } = data as Communication
  const audience = await patientAudience(app, record as Communication & { customerId: string }, 'communications', context)
  const settings = await companySettingsFor(app.get('db'), record.companyId, context?.params)
  if (!settings.phoneProtection) return audience.send(record)
  const seesPhones = (connection: RealTimeConnection) => connectionMay(connection, 'customer-phone', 'seeAll')
  return [audience.filter(seesPhones).send(record), audience.filter((connection) => !seesPhones(connection)).send({ ...record, phone: null })]
}

const communicationScope: RecordScope = { customer: { field: 'customerId' } }

const patientLog = findOfVisibleCustomer({ createdAt: -1, _id: -1 })

/**
 * A find names one patient the caller sees (the patient card's tab); the whole company's log
 * (no customerId) needs `communications: seeAll`.
 */
async function findScope(context: HookContext) {
  const query = context.params.query ?? {}
  if (context.params.provider && query.customerId === undefined) {
    if (!callerMay(context, 'communications', 'seeAll')) throw clinicError(Forbidden, 'forbidden')
    if (!query.$sort) context.params.query = { ...query, $sort: { createdAt: -1, _id: -1 } }
    return
  }
  await patientLog(context)
}

/**
 * `communications`: the log of messages to patients (issue 18), which is the outbox itself:
 * every SMS and e-mail with its state (scheduled, sending, sent, delivered, failed, unknown,
 * cancelled), live. Reading needs `communications: view`, and only of patients the caller sees;
 * the whole company's log needs `communications: seeAll`.
 * Written by the outbox (appointment-messages.ts, the worker in server/src/jobs/); nobody writes
 * it through the API. Phones follow phone protection.
 */
export function communications(app: Application) {
  registerService(app, communicationPath, new CommunicationService({ ...communicationServiceOptions(app), scope: communicationScope }, outboxRowShape), {
    methods: [...communicationMethods],
    tables: [OUTBOX_TABLE, APPOINTMENT_LINKS_TABLE],
    customerRows: [{ table: OUTBOX_TABLE, column: 'customerId' }],
    protectedPhones: ['phone'],
    access: {
      methods: { find: { resource: 'communications', flag: 'view' }, get: { resource: 'communications', flag: 'view' } },
      refuses: {
        create: 'messages are written by the outbox when a visit is booked, moved or cancelled',
        update: 'the log is written by the outbox only',
        patch: 'a message changes state by its provider only',
        remove: 'the log keeps every message sent'
      }
    },
    hooks: {
      around: { all: [resolveExternal(communicationExternalResolver), resolveResult(communicationResolver)] },
      before: {
        all: [checkId(), schemaHooks.validateQuery(communicationQueryValidator), companyScope],
        find: [findScope],
        get: [ofVisibleCustomer]
      }
    },
    publish: publishCommunication(app)
  })
}
