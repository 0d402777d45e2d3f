import type { Locale } from 'antd/es/locale'
import type { Language } from './languages'

/** antd's own texts (pagination, pickers, empty states) in the interface language. */
const loaders: Record<Language, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_US'),
  ru: () => import('antd/es/locale/ru_RU'),
  ru1: () => import('antd/es/locale/ru_RU'),
  fi: () => import('antd/es/locale/fi_FI'),
  uz: () => import('antd/es/locale/uz_UZ')
}

export async function antdLocale(language: Language): Promise<Locale> {
  return (await loaders[language]()).default
}
