import { wallClock } from '../appointments/zoned-time'
import type { DocumentLanguage } from './kinds'

/**
 * Dates and money as printed documents write them. Written by hand, not with Intl: a PDF's bytes
 * must not change with the ICU data of the machine that renders it (the lead stores the PDF's
 * SHA-256), and Chromium has no Uzbek data at all (renderer/src/i18n/format.ts). The style follows
 * the interface's: "1 234 567,50 soʻm" in Uzbek, grouped by no-break spaces in ru, uz and fi.
 */

const NBSP = '\u00a0'

const monthsGenitive: Record<DocumentLanguage, readonly string[]> = {
  ru: ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'],
  uz: ['yanvar', 'fevral', 'mart', 'aprel', 'may', 'iyun', 'iyul', 'avgust', 'sentabr', 'oktabr', 'noyabr', 'dekabr'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  fi: ['tammikuuta', 'helmikuuta', 'maaliskuuta', 'huhtikuuta', 'toukokuuta', 'kesäkuuta', 'heinäkuuta', 'elokuuta', 'syyskuuta', 'lokakuuta', 'marraskuuta', 'joulukuuta']
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

interface Civil {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

/** A calendar day as it is, an instant on the clinic's clock; null for an empty or bad value. */
function civil(value: string | undefined, timeZone: string): Civil | null {
  if (!value) return null
  const day = DAY.exec(value)
  if (day) return { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]), hour: 0, minute: 0 }
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) return null
  const wall = wallClock(ms, timeZone)
  return { year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute }
}

const two = (n: number) => String(n).padStart(2, '0')

/** "29.11.2026" (ru, uz, fi) or "29/11/2026" (en); '' for no date. */
export function formatDate(value: string | undefined, language: DocumentLanguage, timeZone: string): string {
  const date = civil(value, timeZone)
  if (!date) return ''
  const separator = language === 'en' ? '/' : '.'
  return [two(date.day), two(date.month), String(date.year)].join(separator)
}

/** "29 ноября 2026 г.", "29-noyabr 2026-yil", "29 November 2026", "29. marraskuuta 2026". */
export function formatLongDate(value: string | undefined, language: DocumentLanguage, timeZone: string): string {
  const date = civil(value, timeZone)
  if (!date) return ''
  const month = monthsGenitive[language][date.month - 1]
  switch (language) {
    case 'ru':
      return `${date.day} ${month} ${date.year} г.`
    case 'uz':
      return `${date.year}-yil ${date.day}-${month}`
    case 'en':
      return `${date.day} ${month} ${date.year}`
    case 'fi':
      return `${date.day}. ${month} ${date.year}`
  }
}

/** "14:05" on the clinic's clock; '' for no value or a calendar day. */
export function formatTime(value: string | undefined, timeZone: string): string {
  if (!value || DAY.test(value)) return ''
  const date = civil(value, timeZone)
  return date ? `${two(date.hour)}:${two(date.minute)}` : ''
}

/** Date and time: "29.11.2026 14:05". */
export function formatDateTime(value: string | undefined, language: DocumentLanguage, timeZone: string): string {
  const time = formatTime(value, timeZone)
  return [formatDate(value, language, timeZone), time].filter(Boolean).join(' ')
}

/** Whole years between a birthdate and a day ('YYYY-MM-DD' both). */
export function ageOn(birthdate: string | undefined, day: string): number | undefined {
  const birth = birthdate ? DAY.exec(birthdate) : null
  const on = DAY.exec(day)
  if (!birth || !on) return undefined
  const years = Number(on[1]) - Number(birth[1])
  const hadBirthday = on[2] + on[3] >= birth[2] + birth[3]
  return hadBirthday ? years : years - 1
}

/** The clinic-local day 'YYYY-MM-DD' of an instant. */
export function localDay(instant: string, timeZone: string): string {
  const date = civil(instant, timeZone)
  return date ? `${date.year}-${two(date.month)}-${two(date.day)}` : ''
}

/** Digits grouped by three: "1 234 567" (no-break spaces) or "1,234,567" (en). */
export function formatInteger(n: number, language: DocumentLanguage): string {
  const sign = n < 0 ? '−' : ''
  const digits = String(Math.abs(Math.trunc(n)))
  const separator = language === 'en' ? ',' : NBSP
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator)
}

/** A decimal with up to `digits` fraction digits: "1,5" / "1.5" (УЕТ). */
export function formatDecimal(n: number, language: DocumentLanguage, digits = 2): string {
  const fixed = Math.abs(n).toFixed(digits).replace(/\.?0+$/, '')
  const [whole, fraction] = fixed.split('.')
  const text = formatInteger(Number(whole), language) + (fraction ? (language === 'en' ? '.' : ',') + fraction : '')
  return n < 0 ? `−${text}` : text
}

/** Currency signs per language: prefix (en) or suffix; a currency not listed shows its code. */
const currencySigns: Record<DocumentLanguage, Record<string, string>> = {
  ru: { UZS: 'сум', RUB: '₽', EUR: '€', USD: '$' },
  uz: { UZS: 'soʻm', RUB: 'rubl', EUR: '€', USD: '$' },
  en: { UZS: 'UZS', RUB: 'RUB', EUR: '€', USD: '$' },
  fi: { UZS: 'UZS', RUB: 'RUB', EUR: '€', USD: '$' }
}

/** The number of minor units as an amount: "1 200,50" / "1,200.50" (two decimals, as billing). */
export function formatAmount(minor: number, language: DocumentLanguage): string {
  const sign = minor < 0 ? '−' : ''
  const abs = Math.abs(minor)
  const whole = formatInteger(Math.floor(abs / 100), language)
  return `${sign}${whole}${language === 'en' ? '.' : ','}${two(abs % 100)}`
}

/** The sign or name a currency is written with in a language ("soʻm", "₽", "€", or its code). */
export function currencySign(currency: string, language: DocumentLanguage): string {
  const code = currency.toUpperCase() === 'SUM' ? 'UZS' : currency.toUpperCase()
  return currencySigns[language][code] ?? code
}

/** Money with its currency: "1 200,50 soʻm", "1 200,50 ₽", "€1,200.50", "UZS 1,200.50". */
export function formatMoney(minor: number, currency: string, language: DocumentLanguage): string {
  const sign = currencySign(currency, language)
  const amount = formatAmount(minor, language)
  if (language === 'en') return sign.length === 1 ? `${sign}${amount}` : `${sign}${NBSP}${amount}`
  return `${amount}${NBSP}${sign}`
}
