import { useTranslation } from 'react-i18next'
import { isLanguage, localeTags } from './languages'

/** Dates, numbers and money formatted by the interface language (issue 3, section 3). */
export function formatters(language: string) {
  const tag = isLanguage(language) ? localeTags[language] : 'en-US'
  return {
    date: (value: string | number | Date | null | undefined) =>
      value ? new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(new Date(value)) : '—',
    dateTime: (value: string | number | Date | null | undefined) =>
      value ? new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)) : '—',
    number: (value: number) => new Intl.NumberFormat(tag).format(value),
    /** Money is integer minor units plus the company currency (architecture, Data). */
    money: (minor: number, currency: string) => {
      const code = currency?.toUpperCase() === 'SUM' ? 'UZS' : currency?.toUpperCase()
      try {
        return new Intl.NumberFormat(tag, { style: 'currency', currency: code }).format(minor / 100)
      } catch {
        return `${new Intl.NumberFormat(tag, { minimumFractionDigits: 2 }).format(minor / 100)} ${currency}`
      }
    }
  }
}

export function useFormat() {
  const { i18n } = useTranslation()
  return formatters(i18n.language)
}
