import dayjs from 'dayjs'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { wallClock } from '../../../domain/appointments/zoned-time'
import { useSession } from '../api/session-store'
import { isLanguage, localeTags, type Language } from './languages'

type DateInput = string | number | Date | null | undefined

/**
 * Chromium ships without Uzbek date and number data (Intl silently falls back to "2026 M11 21"
 * and "1,234.5"), so Uzbek uses dayjs' uz-latn names and the space-and-comma number style that
 * Uzbek shares with Russian. The other languages use Intl directly.
 */
const intlLacksData = (language: Language) => language === 'uz'

/** A calendar day without a time (a birthdate, an expense's date): never shifted by a zone. */
const isCalendarDay = (value: DateInput): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)

/** A Date whose local getters read the wall clock in `timeZone` at the instant (for dayjs' names). */
function floating(value: Exclude<DateInput, null | undefined>, timeZone: string | undefined): Date {
  if (isCalendarDay(value)) return dayjs(value).toDate()
  if (!timeZone) return new Date(value)
  const wall = wallClock(new Date(value).getTime(), timeZone)
  return new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
}

/**
 * Dates, numbers and money formatted by the interface language (issue 3, section 3). Instants
 * read the clinic's clock (`timeZone`, the company's zone) wherever the computer is, as the
 * calendar does; a calendar day ("1991-04-12") is the same day everywhere.
 */
export function formatters(language: string, timeZone?: string) {
  const lang: Language = isLanguage(language) ? language : 'en'
  const tag = intlLacksData(lang) ? 'ru-RU' : localeTags[lang]
  const number = new Intl.NumberFormat(tag)
  const dateIntl = new Intl.DateTimeFormat(localeTags[lang], { dateStyle: 'medium', timeZone })
  const dayIntl = new Intl.DateTimeFormat(localeTags[lang], { dateStyle: 'medium', timeZone: 'UTC' })
  const dateTimeIntl = new Intl.DateTimeFormat(localeTags[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone })
  return {
    date: (value: DateInput) => {
      if (!value) return '—'
      if (intlLacksData(lang)) return dayjs(floating(value, timeZone)).locale('uz-latn').format('D MMM YYYY')
      return isCalendarDay(value) ? dayIntl.format(new Date(value)) : dateIntl.format(new Date(value))
    },
    dateTime: (value: DateInput) => {
      if (!value) return '—'
      return intlLacksData(lang) ? dayjs(floating(value, timeZone)).locale('uz-latn').format('D MMM YYYY, HH:mm') : dateTimeIntl.format(new Date(value))
    },
    number: (value: number) => number.format(value),
    /** Money is integer minor units plus the company currency (architecture, Data). */
    money: (minor: number, currency: string) => {
      const code = currency?.toUpperCase() === 'SUM' ? 'UZS' : currency?.toUpperCase()
      const amount = minor / 100
      if (intlLacksData(lang) && code === 'UZS') {
        return `${new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} so'm`
      }
      try {
        return new Intl.NumberFormat(tag, { style: 'currency', currency: code }).format(amount)
      } catch {
        return `${new Intl.NumberFormat(tag, { minimumFractionDigits: 2 }).format(amount)} ${currency}`
      }
    },
    /** Money in whole units (rounded, no cents), for glances such as the director's home. */
    moneyWhole: (minor: number, currency: string) => {
      const code = currency?.toUpperCase() === 'SUM' ? 'UZS' : currency?.toUpperCase()
      const amount = Math.round(minor / 100)
      if (intlLacksData(lang) && code === 'UZS') return `${number.format(amount)} so'm`
      try {
        return new Intl.NumberFormat(tag, { style: 'currency', currency: code, minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(amount)
      } catch {
        return `${number.format(amount)} ${currency}`
      }
    }
  }
}

/** The formatters of the interface language, instants on the signed-in company's clock. */
export function useFormat() {
  const { i18n } = useTranslation()
  const timeZone = useSession()?.company.timezone
  return useMemo(() => formatters(i18n.language, timeZone || undefined), [i18n.language, timeZone])
}
