import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { queryValidator } from '../../../validators'
import { IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { recordProperties } from '../../../schema/record'
import { messageChannels, outboxEvents, templateLocales } from '../../../../../domain/messaging/templates'
import { outboxStates } from './communications.shared'
import { phoneHiddenFrom } from '../../customers/customers/customer-phone'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(type: T) => Type.Union([type, Type.Null()])

/** One outgoing message (the outbox row), as the communications log shows it. */
export const communicationSchema = Type.Object(
  {
    ...recordProperties,
    branchId: nullable(IdSchema),
    customerId: nullable(IdSchema),
    appointmentId: nullable(IdSchema),
    channel: literals(messageChannels),
    provider: Type.String(),
    event: literals(outboxEvents),
    locale: literals(templateLocales),
    collapseKey: nullable(Type.String()),
    /** The phone of an SMS (hidden by phone protection), the address of an e-mail. */
    phone: nullable(Type.String()),
    email: nullable(Type.String()),
    params: Type.Record(Type.String(), Type.String()),
    subject: Type.String(),
    text: Type.String(),
    segments: Type.Integer(),
    automated: Type.Boolean(),
    promotional: Type.Boolean(),
    state: literals(outboxStates),
    dueAt: InstantSchema,
    attempts: Type.Integer(),
    claimedBy: nullable(Type.String()),
    claimedAt: nullable(InstantSchema),
    providerMessageId: nullable(Type.String()),
    cost: nullable(Type.Integer()),
    error: nullable(Type.String()),
    sentAt: nullable(InstantSchema),
    deliveredAt: nullable(InstantSchema),
    checkedAt: nullable(InstantSchema),
    /** The message this one replaces on the next channel of the order (it could not reach the patient). */
    fallbackOf: nullable(IdSchema)
  },
  { $id: 'Communication', additionalProperties: false }
)
export type Communication = Static<typeof communicationSchema>
export const communicationResolver = resolve<Communication, HookContext>({})
/** What the worker uses to coordinate stays on the server. */
export const communicationExternalResolver = resolve<Communication, HookContext>({
  claimedBy: async () => undefined,
  // Phone protection (spec section 6): without customer-phone seeAll the number does not leave.
  phone: async (value, _message, context) => (phoneHiddenFrom(context) ? null : value)
})

export const communicationQuerySchema = strictQuery(
  Type.Pick(communicationSchema, ['_id', 'companyId', 'branchId', 'customerId', 'appointmentId', 'channel', 'event', 'state', 'dueAt', 'createdAt', 'updatedAt'])
)
export type CommunicationQuery = Static<typeof communicationQuerySchema>
export const communicationQueryValidator = getValidator(communicationQuerySchema, queryValidator)
