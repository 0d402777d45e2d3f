/**
 * The channels a visit message chooses between (e-mail goes besides): the first in the order
 * that can reach the patient carries it. The default order is Telegram, WhatsApp, SMS.
 */
export const orderedChannels = ['telegram', 'whatsapp', 'sms'] as const
export type OrderedChannel = (typeof orderedChannels)[number]

/** An order as stored, with the channels it does not name after it in the default order (an order saved before WhatsApp existed). */
export function effectiveChannelOrder(order: readonly OrderedChannel[] | undefined): OrderedChannel[] {
  const given = order ?? []
  return [...given, ...orderedChannels.filter((channel) => !given.includes(channel))]
}
