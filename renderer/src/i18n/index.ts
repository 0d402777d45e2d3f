import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import dayjs from 'dayjs'
import { LOCALE_STORAGE_KEY } from '../api/constants'
import { preferences } from '../api/storage'
import en from './locales/en.json'
import { initialLanguage, isLanguage, type Language } from './languages'

export const i18n = i18next

/** Locale files other than English load on demand so the first screen stays small. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  ru: () => import('./locales/ru.json'),
  ru1: () => import('./locales/ru1.json'),
  fi: () => import('./locales/fi.json'),
  uz: () => import('./locales/uz.json')
}

/** dayjs names: uz is the Latin variant; ru's week starts on Monday in dayjs' ru locale. */
const dayjsLoaders: Record<Language, () => Promise<unknown>> = {
  en: async () => undefined,
  ru: () => import('dayjs/locale/ru'),
  ru1: () => import('dayjs/locale/ru'),
  fi: () => import('dayjs/locale/fi'),
  uz: () => import('dayjs/locale/uz-latn')
}
const dayjsNames: Record<Language, string> = { en: 'en', ru: 'ru', ru1: 'ru', fi: 'fi', uz: 'uz-latn' }

async function loadBundle(language: Language) {
  const needed: Language[] = language === 'ru1' ? ['ru', 'ru1'] : [language]
  for (const name of needed) {
    if (name === 'en' || i18next.hasResourceBundle(name, 'translation')) continue
    const bundle = await loaders[name]()
    i18next.addResourceBundle(name, 'translation', bundle.default, true, true)
  }
  await dayjsLoaders[language]()
}

export async function setupI18n(): Promise<Language> {
  const language = initialLanguage(preferences.get(LOCALE_STORAGE_KEY), navigator.languages ?? [navigator.language])
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: { ru1: ['ru', 'en'], default: ['en'] },
    interpolation: { escapeValue: false },
    returnNull: false
  })
  await changeLanguage(language)
  return language
}

/** Fetches a language's texts without switching to it yet. */
export function preloadLanguage(language: Language) {
  return loadBundle(language)
}

/** Switches the interface language and remembers it on this device. */
export async function changeLanguage(language: string | null | undefined) {
  if (!isLanguage(language)) return
  await loadBundle(language)
  dayjs.locale(dayjsNames[language])
  preferences.set(LOCALE_STORAGE_KEY, language)
  document.documentElement.lang = language === 'ru1' ? 'ru' : language
  await i18next.changeLanguage(language)
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en'
}
