import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { isLanguage, localeTags, type Language } from './languages'

type DateInput = string | number | Date | null | undefined

/**
 * Chromium ships without Uzbek date and number data (Intl silently falls back to "2026 M11 21"
 * and "1,234.5"), so Uzbek uses dayjs' uz-latn names and the space-and-comma number style that
 * Uzbek shares with Russian. The other languages use Intl directly.
 */
const intlLacksData = (language: Language) => language === 'uz'

/** Dates, numbers and money formatted by the interface language (issue 3, section 3). */
export function formatters(language: string) {
  const lang: Language = isLanguage(language) ? language : 'en'
  const tag = intlLacksData(lang) ? 'ru-RU' : localeTags[lang]
  const number = new Intl.NumberFormat(tag)
  const dateIntl = new Intl.DateTimeFormat(localeTags[lang], { dateStyle: 'medium' })
  const dateTimeIntl = new Intl.DateTimeFormat(localeTags[lang], { dateStyle: 'medium', timeStyle: 'short' })
  return {
    date: (value: DateInput) => {
      if (!value) return '—'
      return intlLacksData(lang) ? dayjs(value).locale('uz-latn').format('D MMM YYYY') : dateIntl.format(new Date(value))
    },
    dateTime: (value: DateInput) => {
      if (!value) return '—'
      return intlLacksData(lang) ? dayjs(value).locale('uz-latn').format('D MMM YYYY, HH:mm') : dateTimeIntl.format(new Date(value))
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
    }
  }
}

export function useFormat() {
  const { i18n } = useTranslation()
  return formatters(i18n.language)
}
