import { useTranslation } from 'react-i18next'

/** A dictionary entry as the screens read it: a shipped one carries its text in ru/en/uz. */
export interface DictionaryEntry {
  _id: string
  name: string
  titles: { ru: string; en: string; uz: string } | null
  shippedKey: string | null
  hidden: boolean
}

/** Which shipped text a language reads (ru1 is Russian; Finnish reads English). */
export function titleLanguage(language: string): 'ru' | 'en' | 'uz' {
  if (language.startsWith('ru')) return 'ru'
  if (language.startsWith('uz')) return 'uz'
  return 'en'
}

/** The entry's text in the screen's language: a shipped entry's translation, else its name. */
export function entryTitle(entry: Pick<DictionaryEntry, 'name' | 'titles'>, language: string): string {
  return entry.titles?.[titleLanguage(language)] ?? entry.name
}

export function useEntryTitle(): (entry: Pick<DictionaryEntry, 'name' | 'titles'>) => string {
  const { i18n } = useTranslation()
  return (entry) => entryTitle(entry, i18n.language)
}

/** Labour units (УЕТ) are stored in hundredths: 50 reads "0.50" (with the locale's decimal sign). */
export function formatUet(hundredths: number | null, language: string): string {
  if (hundredths === null) return ''
  return new Intl.NumberFormat(language === 'ru1' ? 'ru' : language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(hundredths / 100)
}
