/**
 * Notification templates: the events a clinic sends messages for, the variables a template may
 * use, the shipped texts per language and channel, and rendering. A clinic's own template (the
 * `notification-templates` service) replaces the shipped one for its event, channel and language.
 */

/** Events with a template. The first four are sent by the outbox today; the rest have texts ready for later slices. */
export const notificationEvents = ['bookingMade', 'bookingMoved', 'bookingCancelled', 'reminder', 'thankYou', 'birthday', 'recall', 'debtReminder', 'paymentReceived'] as const
export type NotificationEvent = (typeof notificationEvents)[number]

/**
 * What an outbox row is: a templated event, or a staff member's reply in the patient's chat (no
 * template). Written out, not spread from the list above: a spread is a module side effect to the
 * bundler, which would then keep the shipped texts in the first screen's chunk.
 */
export const outboxEvents = ['bookingMade', 'bookingMoved', 'bookingCancelled', 'reminder', 'thankYou', 'birthday', 'recall', 'debtReminder', 'paymentReceived', 'chatReply'] as const satisfies readonly (NotificationEvent | 'chatReply')[]
export type OutboxEvent = (typeof outboxEvents)[number]
/** Every templated event is an outbox event too (a compile error names the one left out). */
export const everyEventInOutbox: [Exclude<NotificationEvent, OutboxEvent>] extends [never] ? true : never = true

/** Events the outbox sends automatically for appointments. */
export const appointmentEvents = ['bookingMade', 'bookingMoved', 'bookingCancelled', 'reminder'] as const satisfies readonly NotificationEvent[]
export type AppointmentEvent = (typeof appointmentEvents)[number]

export const messageChannels = ['sms', 'email', 'telegram', 'whatsapp'] as const
export type MessageChannel = (typeof messageChannels)[number]

export const templateLocales = ['ru', 'uz', 'en'] as const
export type TemplateLocale = (typeof templateLocales)[number]

/**
 * The variables, written `{{name}}` in a template. Unknown names are left as written (the editor
 * flags them); a known variable without a value renders empty.
 */
export const templateVariables = ['patient', 'date', 'time', 'doctor', 'branch', 'address', 'phone', 'clinic', 'link'] as const
export type TemplateVariable = (typeof templateVariables)[number]
export type TemplateValues = Partial<Record<TemplateVariable, string>>

export interface TemplateText {
  subject: string
  body: string
}

const VARIABLE = /\{\{\s*([a-zA-Z]+)\s*\}\}/g

export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(VARIABLE, (whole, name: string) => ((templateVariables as readonly string[]).includes(name) ? (values[name as TemplateVariable] ?? '') : whole))
}

/** Names written as `{{name}}` that are not variables. */
export function unknownVariables(text: string): string[] {
  const names = [...text.matchAll(VARIABLE)].map((match) => match[1])
  return [...new Set(names.filter((name) => !(templateVariables as readonly string[]).includes(name)))]
}

/** The language a patient's message is written in: their service language when shipped, else the clinic's, else ru. */
export function templateLocaleOf(...candidates: Array<string | null | undefined>): TemplateLocale {
  for (const candidate of candidates) {
    const base = candidate?.toLowerCase().split(/[-_]/)[0]
    if (base && (templateLocales as readonly string[]).includes(base)) return base as TemplateLocale
  }
  return 'ru'
}

type Shipped = Record<TemplateLocale, Record<NotificationEvent, TemplateText>>

/** SMS texts are kept short (one or two parts); e-mails use the same body with a subject. */
export const shippedTemplates: Shipped = {
  ru: {
    bookingMade: { subject: 'Запись в {{clinic}}', body: '{{patient}}, вы записаны к врачу {{doctor}} на {{date}} в {{time}}. {{branch}}, {{address}}. {{link}}' },
    bookingMoved: { subject: 'Запись перенесена', body: '{{patient}}, ваш визит перенесён на {{date}} в {{time}}, врач {{doctor}}. {{link}}' },
    bookingCancelled: { subject: 'Запись отменена', body: '{{patient}}, ваш визит {{date}} в {{time}} отменён. Записаться снова: {{phone}}' },
    reminder: { subject: 'Напоминание о визите', body: '{{patient}}, напоминаем о визите {{date}} в {{time}}, врач {{doctor}}. Подтвердить или отменить: {{link}}' },
    thankYou: { subject: 'Спасибо за визит', body: '{{patient}}, спасибо, что выбрали {{clinic}}!' },
    birthday: { subject: 'С днём рождения!', body: '{{patient}}, {{clinic}} поздравляет вас с днём рождения!' },
    recall: { subject: 'Пора на осмотр', body: '{{patient}}, пора на профилактический осмотр. Запись: {{phone}}' },
    debtReminder: { subject: 'Напоминание об оплате', body: '{{patient}}, напоминаем об оплате лечения в {{clinic}}. {{phone}}' },
    paymentReceived: { subject: 'Оплата получена', body: '{{patient}}, оплата получена. Спасибо! {{clinic}}' }
  },
  uz: {
    bookingMade: { subject: '{{clinic}}: qabulga yozildingiz', body: '{{patient}}, siz {{date}} kuni soat {{time}} da shifokor {{doctor}} qabuliga yozildingiz. {{branch}}, {{address}}. {{link}}' },
    bookingMoved: { subject: 'Qabul vaqti o‘zgardi', body: '{{patient}}, qabulingiz {{date}} kuni soat {{time}} ga ko‘chirildi, shifokor {{doctor}}. {{link}}' },
    bookingCancelled: { subject: 'Qabul bekor qilindi', body: '{{patient}}, {{date}} soat {{time}} dagi qabulingiz bekor qilindi. Qayta yozilish: {{phone}}' },
    reminder: { subject: 'Qabul haqida eslatma', body: '{{patient}}, {{date}} kuni soat {{time}} da shifokor {{doctor}} qabuliga kelishingizni eslatamiz. Tasdiqlash yoki bekor qilish: {{link}}' },
    thankYou: { subject: 'Tashrifingiz uchun rahmat', body: '{{patient}}, {{clinic}}ni tanlaganingiz uchun rahmat!' },
    birthday: { subject: 'Tug‘ilgan kuningiz bilan!', body: '{{patient}}, {{clinic}} sizni tug‘ilgan kuningiz bilan tabriklaydi!' },
    recall: { subject: 'Ko‘rikdan o‘tish vaqti', body: '{{patient}}, profilaktik ko‘rikdan o‘tish vaqti keldi. Yozilish: {{phone}}' },
    debtReminder: { subject: 'To‘lov haqida eslatma', body: '{{patient}}, {{clinic}}dagi davolanish uchun to‘lovni eslatamiz. {{phone}}' },
    paymentReceived: { subject: 'To‘lov qabul qilindi', body: '{{patient}}, to‘lov qabul qilindi. Rahmat! {{clinic}}' }
  },
  en: {
    bookingMade: { subject: 'Your appointment at {{clinic}}', body: '{{patient}}, you are booked with {{doctor}} on {{date}} at {{time}}. {{branch}}, {{address}}. {{link}}' },
    bookingMoved: { subject: 'Appointment moved', body: '{{patient}}, your visit is moved to {{date}} at {{time}} with {{doctor}}. {{link}}' },
    bookingCancelled: { subject: 'Appointment cancelled', body: '{{patient}}, your visit on {{date}} at {{time}} is cancelled. To book again: {{phone}}' },
    reminder: { subject: 'Appointment reminder', body: '{{patient}}, a reminder of your visit on {{date}} at {{time}} with {{doctor}}. Confirm or cancel: {{link}}' },
    thankYou: { subject: 'Thank you for your visit', body: '{{patient}}, thank you for choosing {{clinic}}!' },
    birthday: { subject: 'Happy birthday!', body: '{{patient}}, {{clinic}} wishes you a happy birthday!' },
    recall: { subject: 'Time for a check-up', body: '{{patient}}, it is time for your check-up. Book: {{phone}}' },
    debtReminder: { subject: 'Payment reminder', body: '{{patient}}, a reminder of the payment due at {{clinic}}. {{phone}}' },
    paymentReceived: { subject: 'Payment received', body: '{{patient}}, your payment is received. Thank you! {{clinic}}' }
  }
}

export function shippedTemplate(event: NotificationEvent, locale: TemplateLocale): TemplateText {
  return shippedTemplates[locale][event]
}

/**
 * Punctuation left by variables without a value: "Chilanzar, ." becomes "Chilanzar.", double
 * spaces one, a space before a stop goes; a link's own dots and slashes are untouched.
 */
export function tidyMessage(text: string): string {
  return text
    .replace(/[ \t]*,[ \t]*(?=[,.!?]|$)/gm, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+([.,!?])(?=\s|$)/gm, '$1')
    .trim()
}
