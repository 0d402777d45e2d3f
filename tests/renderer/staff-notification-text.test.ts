import i18n from 'i18next'
import en from '../../renderer/src/i18n/locales/en.json'
import ru from '../../renderer/src/i18n/locales/ru.json'
import { notificationText } from '../../renderer/src/features/staff-notifications/notification-text'
import { pushLanguage, pushText } from '../../domain/messaging/staff-notifications'

/** The bell's and the push's wording of a notification's kind and facts. */
describe('staff notification texts', () => {
  const format = { money: (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}` }

  beforeAll(async () => {
    await i18n.init({ lng: 'en', resources: { en: { translation: en }, ru: { translation: ru } } })
  })

  it('words a task reminder with its description, and a payment with the patient and amount', async () => {
    expect(notificationText({ kind: 'task-due', params: { description: 'Call the lab' } }, i18n.t, format)).toEqual({ title: 'Task reminder', body: 'Call the lab' })
    expect(notificationText({ kind: 'payment-received', params: { customerName: 'Patient Pay', amount: 12_345, currency: 'UZS' } }, i18n.t, format)).toEqual({ title: 'Payment received', body: 'Patient Pay · 123.45 UZS' })
    await i18n.changeLanguage('ru')
    expect(notificationText({ kind: 'task-due', params: { description: 'Позвонить' } }, i18n.t, format).title).toBe('Напоминание о задаче')
    await i18n.changeLanguage('en')
  })

  it("words a push in the member's language, else the company's, else Russian", () => {
    expect(pushLanguage('fi', 'ru')).toBe('fi')
    expect(pushLanguage('ru1', 'en')).toBe('ru')
    expect(pushLanguage(null, 'uz')).toBe('uz')
    expect(pushLanguage(null, null)).toBe('ru')
    expect(pushText('payment-received', { customerName: 'Ivanov Ivan', amount: 150_000, currency: 'UZS' }, 'ru').body).toMatch(/^Ivanov Ivan · 1\s500 UZS$/)
    expect(pushText('task-due', { description: 'Order implants' }, 'en')).toEqual({ title: 'Task reminder', body: 'Order implants' })
  })
})
