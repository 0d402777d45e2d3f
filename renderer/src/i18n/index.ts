import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import dayjs from 'dayjs'
import { LOCALE_STORAGE_KEY } from '../api/constants'
import { preferences } from '../api/storage'
import en from 'virtual:texts/en/core'
import { initialLanguage, isLanguage, type Language } from './languages'
import type { TextAreaName } from './text-areas'

export const i18n = i18next

type Texts = () => Promise<{ default: Record<string, unknown> }>

/**
 * Each locale's core texts (every screen's) and its areas' (text-areas.ts): languages other than
 * English load on demand, and an area's texts load with its screens, so the first screen stays
 * small. The paths are spelled out for the bundler to see each chunk.
 */
const coreLoaders: Record<Exclude<Language, 'en'>, Texts> = {
  ru: () => import('virtual:texts/ru/core'),
  ru1: () => import('virtual:texts/ru1/core'),
  fi: () => import('virtual:texts/fi/core'),
  uz: () => import('virtual:texts/uz/core')
}
const areaLoaders: Record<TextAreaName, Record<Language, Texts>> = {
  clinical: {
    en: () => import('virtual:texts/en/clinical'),
    ru: () => import('virtual:texts/ru/clinical'),
    ru1: () => import('virtual:texts/ru1/clinical'),
    fi: () => import('virtual:texts/fi/clinical'),
    uz: () => import('virtual:texts/uz/clinical')
  },
  admin: {
    en: () => import('virtual:texts/en/admin'),
    ru: () => import('virtual:texts/ru/admin'),
    ru1: () => import('virtual:texts/ru1/admin'),
    fi: () => import('virtual:texts/fi/admin'),
    uz: () => import('virtual:texts/uz/admin')
  },
  tasks: {
    en: () => import('virtual:texts/en/tasks'),
    ru: () => import('virtual:texts/ru/tasks'),
    ru1: () => import('virtual:texts/ru1/tasks'),
    fi: () => import('virtual:texts/fi/tasks'),
    uz: () => import('virtual:texts/uz/tasks')
  },
  documents: {
    en: () => import('virtual:texts/en/documents'),
    ru: () => import('virtual:texts/ru/documents'),
    ru1: () => import('virtual:texts/ru1/documents'),
    fi: () => import('virtual:texts/fi/documents'),
    uz: () => import('virtual:texts/uz/documents')
  },
  messaging: {
    en: () => import('virtual:texts/en/messaging'),
    ru: () => import('virtual:texts/ru/messaging'),
    ru1: () => import('virtual:texts/ru1/messaging'),
    fi: () => import('virtual:texts/fi/messaging'),
    uz: () => import('virtual:texts/uz/messaging')
  },
  billing: {
    en: () => import('virtual:texts/en/billing'),
    ru: () => import('virtual:texts/ru/billing'),
    ru1: () => import('virtual:texts/ru1/billing'),
    fi: () => import('virtual:texts/fi/billing'),
    uz: () => import('virtual:texts/uz/billing')
  },
  reports: {
    en: () => import('virtual:texts/en/reports'),
    ru: () => import('virtual:texts/ru/reports'),
    ru1: () => import('virtual:texts/ru1/reports'),
    fi: () => import('virtual:texts/fi/reports'),
    uz: () => import('virtual:texts/uz/reports')
  },
  errors: {
    en: () => import('virtual:texts/en/errors'),
    ru: () => import('virtual:texts/ru/errors'),
    ru1: () => import('virtual:texts/ru1/errors'),
    fi: () => import('virtual:texts/fi/errors'),
    uz: () => import('virtual:texts/uz/errors')
  },
  calls: {
    en: () => import('virtual:texts/en/calls'),
    ru: () => import('virtual:texts/ru/calls'),
    ru1: () => import('virtual:texts/ru1/calls'),
    fi: () => import('virtual:texts/fi/calls'),
    uz: () => import('virtual:texts/uz/calls')
  },
  directorHome: {
    en: () => import('virtual:texts/en/directorHome'),
    ru: () => import('virtual:texts/ru/directorHome'),
    ru1: () => import('virtual:texts/ru1/directorHome'),
    fi: () => import('virtual:texts/fi/directorHome'),
    uz: () => import('virtual:texts/uz/directorHome')
  },
  workspace: {
    en: () => import('virtual:texts/en/workspace'),
    ru: () => import('virtual:texts/ru/workspace'),
    ru1: () => import('virtual:texts/ru1/workspace'),
    fi: () => import('virtual:texts/fi/workspace'),
    uz: () => import('virtual:texts/uz/workspace')
  },
  desktop: {
    en: () => import('virtual:texts/en/desktop'),
    ru: () => import('virtual:texts/ru/desktop'),
    ru1: () => import('virtual:texts/ru1/desktop'),
    fi: () => import('virtual:texts/fi/desktop'),
    uz: () => import('virtual:texts/uz/desktop')
  },
  softphone: {
    en: () => import('virtual:texts/en/softphone'),
    ru: () => import('virtual:texts/ru/softphone'),
    ru1: () => import('virtual:texts/ru1/softphone'),
    fi: () => import('virtual:texts/fi/softphone'),
    uz: () => import('virtual:texts/uz/softphone')
  },
  offlineDay: {
    en: () => import('virtual:texts/en/offlineDay'),
    ru: () => import('virtual:texts/ru/offlineDay'),
    ru1: () => import('virtual:texts/ru1/offlineDay'),
    fi: () => import('virtual:texts/fi/offlineDay'),
    uz: () => import('virtual:texts/uz/offlineDay')
  }
}
/** Areas some screen has needed: a language switched to later loads them too. */
const wantedAreas = new Set<TextAreaName>()
const loadedParts = new Set<string>()

async function loadPart(language: Language, part: TextAreaName | 'core') {
  const key = `${language}/${part}`
  if (loadedParts.has(key) || (language === 'en' && part === 'core')) return
  const bundle = await (part === 'core' ? coreLoaders[language as Exclude<Language, 'en'>] : areaLoaders[part][language])()
  i18next.addResourceBundle(language, 'translation', bundle.default, true, true)
  loadedParts.add(key)
}

/** The languages whose texts the interface language reads (ru1 falls back to ru, every one to en). */
const chainOf = (language: Language): Language[] => (language === 'ru1' ? ['en', 'ru', 'ru1'] : language === 'en' ? ['en'] : ['en', language])

/**
 * Loads an area's texts in the current language (and its fallbacks) before its screens render;
 * the router awaits it with the screen's code (router.tsx, `withTexts`).
 */
export async function loadTextArea(area: TextAreaName) {
  wantedAreas.add(area)
  await Promise.all(chainOf(currentLanguage()).map((language) => loadPart(language, area)))
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
  const parts = chainOf(language).flatMap((name) => (['core', ...wantedAreas] as const).map((part) => loadPart(name, part)))
  await Promise.all([...parts, dayjsLoaders[language]()])
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
