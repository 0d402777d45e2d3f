import { BadRequest, NotFound } from '@feathersjs/errors'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { clinicError } from '../../../errors'
import { renderTemplate, templateLocaleOf, tidyMessage } from '../../../../../domain/messaging/templates'
import { SAMPLE_PATIENT, dispatchEstimate, dispatchMessage, dispatchPricedByParts, type DispatchChannel, type Exclusions } from '../../../../../domain/messaging/dispatch'
import type { SmsEncoding } from '../../../../../domain/messaging/sms-segments'
import { companyContact, companyCurrency } from '../../company/company/company-reads'
import { dispatchMessages, type OutboxRow } from '../communications/outbox-store'
import { clockOf } from '../communications/appointment-messages'
import { outboxStates, type OutboxState } from '../communications/communications.shared'
import { messagingSettings } from '../integrations/integration-store'
import { dispatchSchema } from '../dispatch/dispatch.schema'
import { dispatchById } from '../dispatch/dispatch-store'
import { countAudience, type AudienceFigures } from '../dispatch/dispatch-audience'
import { optOutToken } from '../dispatch/opt-out-token'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/** What the preview is asked about: a broadcast's filter and text, saved or not. */
export const dispatcherDataSchema = Type.Object(
  { filter: dispatchSchema.properties.filter, text: dispatchSchema.properties.text, channel: Type.Optional(dispatchSchema.properties.channel) },
  { $id: 'DispatcherData', additionalProperties: false }
)
export type DispatcherData = Static<typeof dispatcherDataSchema>
export const dispatcherDataValidator = getValidator(dispatcherDataSchema, dataValidator)

/** The per-recipient list of one broadcast: by state, a page at a time. */
export const dispatcherQuerySchema = Type.Object(
  {
    dispatchId: IdSchema,
    state: Type.Optional(literals(outboxStates)),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 200 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 })),
    companyId: Type.Optional(IdSchema)
  },
  { additionalProperties: false }
)
export type DispatcherQuery = Static<typeof dispatcherQuerySchema>
export const dispatcherQueryValidator = getValidator(dispatcherQuerySchema, queryValidator)

/** The preview: who would get it, who not and why, its length and its cost. */
export interface DispatchPreview {
  channel: DispatchChannel
  matched: number
  recipients: number
  excluded: Exclusions
  /** Recipients by the channel they would get it by (by the order: each patient's first that reaches them). */
  byChannel: AudienceFigures['byChannel']
  /** The message as a patient would get it (a sample name, the opt-out line). */
  sample: string
  encoding: SmsEncoding
  units: number
  segments: number
  /** Price per SMS part and the estimate (SMS recipients × parts × price), minor units of `currency`; 0 by Telegram and WhatsApp. */
  segmentPrice: number
  cost: number
  currency: string
}

/** One recipient's message, without the worker's bookkeeping. */
export type DispatchRecipient = Omit<OutboxRow, 'claimedBy'>

export interface DispatchRecipientPage {
  total: number
  limit: number
  skip: number
  data: DispatchRecipient[]
}

/**
 * `dispatcher` (spec section 7 names it beside `dispatch`): the broadcast seen from the sending
 * side. `create` is the preview before sending (nothing is kept): the audience counted with the
 * reasons patients are left out (the channel's: Telegram's "not linked" and WhatsApp's "window
 * closed", by the order "no channel", counted at this moment), the SMS length and the cost estimate. `find` is what a broadcast
 * sent: its recipients' messages with their states (the outbox rows, read through the outbox's
 * own functions).
 */
export class DispatcherService {
  constructor(private readonly app: Application) {}

  async create(data: DispatcherData, params?: Params): Promise<DispatchPreview> {
    const companyId = String(params?.query?.companyId ?? '')
    const db = this.app.get('db')
    const { authSecret, publicUrl } = this.app.get('config')
    const channel = data.channel ?? 'sms'
    const [settings, company, currency] = await Promise.all([messagingSettings(db, companyId, authSecret), companyContact(db, companyId), companyCurrency(db, companyId)])
    const counts = await countAudience(db, companyId, data.filter, channel, clockOf(this.app), settings)
    const locale = templateLocaleOf(null, company?.locale)
    const body = tidyMessage(renderTemplate(data.text, { patient: SAMPLE_PATIENT, clinic: company?.name ?? '' }))
    const sample = dispatchMessage(body, locale, `${publicUrl.replace(/\/$/, '')}/u/${optOutToken(authSecret, '00000000-0000-7000-8000-000000000000')}`)
    const segmentPrice = dispatchPricedByParts(channel) ? (settings.rules.smsSegmentPrice ?? 0) : 0
    const estimate = dispatchEstimate(sample, counts.byChannel.sms ?? 0, segmentPrice)
    return { channel, ...counts, sample, encoding: estimate.length.encoding, units: estimate.length.units, segments: estimate.segments, segmentPrice, cost: estimate.cost, currency }
  }

  async find(params?: Params): Promise<DispatchRecipientPage> {
    const query = (params?.query ?? {}) as DispatcherQuery
    if (!query.dispatchId) throw clinicError(BadRequest, 'invalid-request', 'dispatchId')
    const db = this.app.get('db')
    const dispatch = await dispatchById(db, query.dispatchId)
    if (!dispatch || (query.companyId && dispatch.companyId !== query.companyId)) throw clinicError(NotFound, 'not-found')
    const limit = query.$limit ?? 50
    const skip = query.$skip ?? 0
    const page = await dispatchMessages(db, dispatch.companyId, dispatch._id, { state: query.state as OutboxState | undefined, limit, skip })
    return { total: page.total, limit, skip, data: page.data.map(({ claimedBy: _claimedBy, ...row }) => row) }
  }
}
