/**
 * Staff notifications (issue 18, item 8; docs/decisions/staff-notifications.md): what happened,
 * for one member of the team, shown in the app's bell and, where the browser allows, as a Web
 * Push on their devices. A notification stores its kind and the facts of the moment (`params`);
 * the bell words them in the reader's language (locales `notifications.kinds.*`), a push in the
 * member's own language (the texts below: a service worker has no i18next).
 */
export const staffNotificationKinds = ['task-due', 'payment-received', 'report-export-ready'] as const
export type StaffNotificationKind = (typeof staffNotificationKinds)[number]

/** Facts a notification keeps: short texts and numbers, never a whole record. */
export type StaffNotificationParams = Record<string, string | number | null>

type PushLanguage = 'en' | 'ru' | 'uz' | 'fi'

const titles: Record<PushLanguage, Record<StaffNotificationKind, string>> = {
  en: { 'task-due': 'Task reminder', 'payment-received': 'Payment received', 'report-export-ready': 'Export ready' },
  ru: { 'task-due': 'Напоминание о задаче', 'payment-received': 'Получена оплата', 'report-export-ready': 'Выгрузка готова' },
  uz: { 'task-due': 'Vazifa eslatmasi', 'payment-received': 'To‘lov qabul qilindi', 'report-export-ready': 'Eksport tayyor' },
  fi: { 'task-due': 'Tehtävämuistutus', 'payment-received': 'Maksu vastaanotettu', 'report-export-ready': 'Vienti valmis' }
}

const intlLocale: Record<PushLanguage, string> = { en: 'en-GB', ru: 'ru-RU', uz: 'uz-Latn-UZ', fi: 'fi-FI' }

/** A member's language for pushes: their own (ru1 reads as ru), else the company's, else Russian. */
export function pushLanguage(memberLocale: string | null | undefined, companyLocale?: string | null): PushLanguage {
  const pick = (locale: string | null | undefined) => (locale === 'ru1' ? 'ru' : locale)
  for (const candidate of [pick(memberLocale), pick(companyLocale)]) if (candidate && candidate in titles) return candidate as PushLanguage
  return 'ru'
}

/** An amount of minor units as the locale writes it, with the currency's code. */
function money(amount: number, currency: string, language: PushLanguage): string {
  const number = new Intl.NumberFormat(intlLocale[language], { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(amount / 100)
  return currency ? `${number} ${currency}` : number
}

/** The title and body a push shows for a notification. */
export function pushText(kind: StaffNotificationKind, params: StaffNotificationParams, language: PushLanguage): { title: string; body: string } {
  const title = titles[language][kind]
  if (kind === 'task-due') return { title, body: String(params.description ?? '') }
  if (kind === 'report-export-ready') return { title, body: String(params.title ?? '') }
  const amount = money(Number(params.amount ?? 0), String(params.currency ?? ''), language)
  return { title, body: params.customerName ? `${params.customerName} · ${amount}` : amount }
}
