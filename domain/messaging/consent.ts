/**
 * Who may get a message by which channel (spec: general and promo SMS consent, blacklist):
 * - an SMS needs a phone and the general SMS consent; a promotional one also the promo consent;
 * - an e-mail needs an address;
 * - a blacklisted patient gets nothing promotional by any channel (their visits' own notices
 *   still go: they are not promotion).
 */
export interface MessageRecipient {
  phone: string
  email: string
  smsConsent: boolean
  promoSmsConsent: boolean
  blacklisted: boolean
}

export function mayMessage(recipient: MessageRecipient, channel: 'sms' | 'email', { promotional }: { promotional: boolean }): boolean {
  if (promotional && recipient.blacklisted) return false
  if (channel === 'sms') return Boolean(recipient.phone) && recipient.smsConsent && (!promotional || recipient.promoSmsConsent)
  return Boolean(recipient.email)
}
