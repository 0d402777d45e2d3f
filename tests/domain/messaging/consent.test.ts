import { mayMessage, type MessageRecipient } from '../../../domain/messaging/consent'

const patient: MessageRecipient = { phone: '998901234567', email: 'anna@patient.test', smsConsent: true, promoSmsConsent: false, blacklisted: false }
const notice = { promotional: false }
const promo = { promotional: true }

describe('consent', () => {
  it('sends an SMS only with a phone and the general SMS consent', () => {
    expect(mayMessage(patient, 'sms', notice)).toBe(true)
    expect(mayMessage({ ...patient, smsConsent: false }, 'sms', notice)).toBe(false)
    expect(mayMessage({ ...patient, phone: '' }, 'sms', notice)).toBe(false)
  })

  it('sends promotion by SMS only with the promo consent too', () => {
    expect(mayMessage(patient, 'sms', promo)).toBe(false)
    expect(mayMessage({ ...patient, promoSmsConsent: true }, 'sms', promo)).toBe(true)
    expect(mayMessage({ ...patient, promoSmsConsent: true, smsConsent: false }, 'sms', promo)).toBe(false)
  })

  it('sends a blacklisted patient nothing promotional, by any channel, but their visit notices', () => {
    const blacklisted = { ...patient, blacklisted: true, promoSmsConsent: true }
    expect(mayMessage(blacklisted, 'sms', promo)).toBe(false)
    expect(mayMessage(blacklisted, 'email', promo)).toBe(false)
    expect(mayMessage(blacklisted, 'sms', notice)).toBe(true)
    expect(mayMessage(blacklisted, 'email', notice)).toBe(true)
  })

  it('sends an e-mail only to an address', () => {
    expect(mayMessage({ ...patient, email: '' }, 'email', notice)).toBe(false)
    expect(mayMessage(patient, 'email', promo)).toBe(true)
  })
})
