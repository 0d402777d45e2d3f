/**
 * Titles of a shipped or company code, one per language the product speaks. Russian, English and
 * Uzbek are required of shipped entries; Finnish is written where we had it (see
 * docs/decisions/clinical-codes.md) and otherwise falls back to English. `ru1` (the second Russian
 * locale) reads the Russian title.
 */
export const titleLanguages = ['ru', 'en', 'uz', 'fi'] as const
/** The longest title of a code or complaint, in any language. */
export const MAX_TITLE = 300
export type TitleLanguage = (typeof titleLanguages)[number]
export type Titles = Partial<Record<TitleLanguage, string>>

/** Which title a locale reads first, then the fall-backs in order. */
const fallbacks: Record<string, readonly TitleLanguage[]> = {
  ru: ['ru', 'en', 'uz', 'fi'],
  ru1: ['ru', 'en', 'uz', 'fi'],
  en: ['en', 'ru', 'uz', 'fi'],
  uz: ['uz', 'ru', 'en', 'fi'],
  fi: ['fi', 'en', 'ru', 'uz']
}

/** The title to show in `locale` (an i18n language code such as 'ru' or 'en-GB'). */
export function titleIn(titles: Titles, locale: string): string {
  const order = fallbacks[locale] ?? fallbacks[locale.split('-')[0]] ?? fallbacks.en
  for (const language of order) {
    const title = titles[language]
    if (title) return title
  }
  return ''
}

/**
 * The hidden search column of a code: the code and every title, lower-cased by JavaScript (which,
 * unlike SQLite's lower(), knows Cyrillic), so one case-insensitive match on either engine finds
 * a word in any language.
 */
export function searchTextOf(code: string, titles: Titles): string {
  return [code, ...titleLanguages.map((language) => titles[language] ?? '')].filter(Boolean).join(' | ').toLowerCase()
}

/**
 * The words of a search box, lower-cased, each of which must appear (in any order). Up to five
 * words; the database matches each as plain text (no pattern syntax reaches it).
 */
export function searchWords(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)
}
