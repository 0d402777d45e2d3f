/**
 * Who may get a message by which channel (spec: general and promo SMS consent, blacklist):
 * - an SMS needs a phone and the general SMS consent; a promotional one also the promo consent;
 * - a WhatsApp message goes to the same phone under the same consents (the spec has no separate
 *   WhatsApp consent: the general one is consent to messages at that number);
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

export function mayMessage(recipient: MessageRecipient, channel: 'sms' | 'whatsapp' | 'email', { promotional }: { promotional: boolean }): boolean {
  if (promotional && recipient.blacklisted) return false
  if (channel === 'sms' || channel === 'whatsapp') return Boolean(recipient.phone) && recipient.smsConsent && (!promotional || recipient.promoSmsConsent)
  return Boolean(recipient.email)
}
