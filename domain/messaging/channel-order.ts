/**
 * The channels a visit message chooses between (e-mail goes besides): the first in the order
 * that can reach the patient carries it, the next ones are its fallback. The default order is
 * Telegram, WhatsApp, SMS; an order the clinic chose names the channels it uses (one alone: no
 * fallback), so an order saved before WhatsApp existed does not use WhatsApp until it is chosen.
 */
export const orderedChannels = ['telegram', 'whatsapp', 'sms'] as const
export type OrderedChannel = (typeof orderedChannels)[number]

/** The order of a company or branch: the one chosen, else the default. */
export function effectiveChannelOrder(order: readonly OrderedChannel[] | undefined): OrderedChannel[] {
  return [...(order ?? orderedChannels)]
}
