/** The five interface languages (spec section 1). ru1 is a Russian variant falling back to ru. */
export const languages = ['en', 'ru', 'ru1', 'fi', 'uz'] as const
export type Language = (typeof languages)[number]

/** Each language's own name, shown in the switcher in that language so anyone finds theirs. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  ru: 'Русский',
  ru1: 'Русский (вариант)',
  fi: 'Suomi',
  uz: "O'zbekcha"
}

/** BCP 47 tags for Intl formatting of dates, numbers and money. */
export const localeTags: Record<Language, string> = {
  en: 'en-US',
  ru: 'ru-RU',
  ru1: 'ru-RU',
  fi: 'fi-FI',
  uz: 'uz-Latn-UZ'
}

export const DEFAULT_LANGUAGE: Language = 'ru'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value)
}

/**
 * The rule before sign-in (documented in docs/ui.md): the choice saved on this device, else the
 * first browser language we have, else Russian (the spec's default interface locale).
 * After sign-in the person's own saved locale wins.
 */
export function initialLanguage(saved: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(saved)) return saved
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLanguage(primary)) return primary
  }
  return DEFAULT_LANGUAGE
}
