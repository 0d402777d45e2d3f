import type { Knex } from 'knex'
import { channelByOrder, type DispatchChannel, type DispatchFilter, type Exclusions, type Reach, type SendingChannel } from '../../../../../domain/messaging/dispatch'
import { audienceCounts, audienceReach, type AudienceOptions } from '../../customers/customers/customer-audience'
import { channelOrderOf } from '../communications/appointment-messages'
import { smsReady, type MessagingSettings } from '../integrations/integration-store'
import { linkedCustomers } from '../telegram/telegram-store'
import { numbersInWindow } from '../whatsapp-integration/whatsapp-store'
import { DISPATCH_OPT_OUTS_TABLE } from './dispatch.class'

/**
 * Who a broadcast reaches and by which channel (docs/decisions/messaging.md "Dispatch"): the
 * filter and the promo rules (customers' customer-audience.ts), then the channel's reach, the
 * messaging tables handed in as subqueries (Telegram: linked; WhatsApp: the number's window open
 * when the messages are due). By the channel order, each patient goes by the first channel of
 * their branch's order that reaches them and that the clinic has an account for.
 */
export const optedOutPatients = (db: Knex, companyId: string) => db(DISPATCH_OPT_OUTS_TABLE).select('customerId').where({ companyId })

export function audienceOf(db: Knex, companyId: string, filter: DispatchFilter, channel: DispatchChannel, dueMs: number): AudienceOptions {
  return {
    companyId,
    filter,
    channel,
    optedOut: optedOutPatients(db, companyId),
    reach: { telegram: { column: '_id', of: linkedCustomers(db, companyId) }, whatsapp: { column: 'phone', of: numbersInWindow(db, companyId, dueMs) } }
  }
}

/** The channel a patient gets a broadcast by: the broadcast's, or by the order the first that reaches them (null: none). */
export function sendingChannelOf(channel: DispatchChannel, settings: MessagingSettings, branchId: string | null, reach: Reach): SendingChannel | null {
  if (channel !== 'order') return channel
  const usable: Reach = { telegram: reach.telegram && Boolean(settings.telegram), whatsapp: reach.whatsapp && Boolean(settings.whatsapp), sms: reach.sms && smsReady(settings) }
  return channelByOrder(channelOrderOf(settings, branchId), usable)
}

export interface AudienceFigures {
  matched: number
  recipients: number
  excluded: Exclusions
  /** Recipients by the channel they get it by. */
  byChannel: Partial<Record<SendingChannel, number>>
}

/** The audience counted: matched, recipients, left out by reason, recipients by channel. */
export async function countAudience(db: Knex, companyId: string, filter: DispatchFilter, channel: DispatchChannel, dueMs: number, settings: MessagingSettings): Promise<AudienceFigures> {
  const options = audienceOf(db, companyId, filter, channel, dueMs)
  const counts = await audienceCounts(db, options)
  if (channel !== 'order') return { ...counts, byChannel: { [channel]: counts.recipients } }
  const byChannel: AudienceFigures['byChannel'] = {}
  let none = 0
  for (const group of await audienceReach(db, options)) {
    const chosen = sendingChannelOf(channel, settings, group.branchId, group.reach)
    if (chosen) byChannel[chosen] = (byChannel[chosen] ?? 0) + group.count
    else none += group.count
  }
  return { ...counts, recipients: counts.recipients - none, excluded: { ...counts.excluded, noChannel: none }, byChannel }
}
