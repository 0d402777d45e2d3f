import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { recordProperties } from '../../../schema/record'
import { ref } from '../../../schema/references'
import { phoneHiddenFrom } from '../../customers/customers/customer-phone'
import { callDirections, callStates } from '../../../../../domain/telephony/onlinepbx'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()])

/**
 * A phone call the PBX told of (issue 20, item 5): inbound or outbound, the spec's state
 * (waiting to accept, not accepted, call started), when it rang, was answered and ended, how
 * long it lasted and whether the PBX kept a recording. `phone` is the patient's side (digits),
 * `line` the clinic's (the number called, or the extension that called).
 */
export const callSchema = Type.Object(
  {
    ...recordProperties,
    branchId: IdSchema,
    uuid: Type.String(),
    direction: literals(callDirections),
    state: literals(callStates),
    /** Null for those phone protection hides numbers from (`phoneHidden` says so). */
    phone: Type.Union([Type.String(), Type.Null()]),
    phoneHidden: Type.Optional(Type.Boolean()),
    line: Type.String(),
    customerId: nullable(IdSchema),
    userId: nullable(IdSchema),
    startedAt: InstantSchema,
    answeredAt: nullable(InstantSchema),
    endedAt: nullable(InstantSchema),
    duration: Type.Integer(),
    talkTime: Type.Integer(),
    hasRecording: Type.Boolean(),
    callbackTaskId: nullable(IdSchema),
    source: literals(['webhook', 'history', 'click'] as const)
  },
  { $id: 'Call', additionalProperties: false }
)
export type Call = Static<typeof callSchema>
export const callResolver = resolve<Call, HookContext>({})
/** Phone protection (spec section 6): without `customer-phone` seeAll the number does not leave. */
export const callExternalResolver = resolve<Call, HookContext>({
  phone: async (value, _call, context) => (phoneHiddenFrom(context) ? null : value),
  phoneHidden: async (_value, _call, context) => (phoneHiddenFrom(context) ? true : undefined)
})

/** Click-to-call: the patient to call (their card's phone), from the caller's current branch. */
export const callDataSchema = Type.Object({ customerId: ref('customers'), branchId: Type.Optional(ref('branches')) }, { $id: 'CallData', additionalProperties: false })
export type CallData = Static<typeof callDataSchema>
export const callDataValidator = getValidator(callDataSchema, dataValidator)

export const callQuerySchema = strictQuery(Type.Pick(callSchema, ['_id', 'companyId', 'branchId', 'customerId', 'direction', 'state', 'startedAt', 'createdAt']))
export type CallQuery = Static<typeof callQuerySchema>
export const callQueryValidator = getValidator(callQuerySchema, queryValidator)
