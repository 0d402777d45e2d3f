import { Select } from 'antd'
import { GlobalOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { patchRecord } from '../api/live'
import { sessionStore } from '../api/session-store'
import { changeLanguage, preloadLanguage } from '../i18n'
import { isLanguage, languageNames, languages, type Language } from '../i18n/languages'
import { toastError } from '../app/toasts'

/**
 * Switches the interface language; for a signed-in person the choice is also saved on their
 * profile so it follows them to other devices (issue 3, section 3). The screen changes once the
 * save has answered (a few milliseconds), so what the person sees is what is stored.
 */
export async function chooseLanguage(language: Language) {
  const session = sessionStore.get()
  const saving = session && session.user.locale !== language ? patchRecord('profile', ['me', { locale: language }]) : Promise.resolve(null)
  const [saved] = await Promise.allSettled([saving, preloadLanguage(language)])
  await changeLanguage(language)
  if (saved.status === 'rejected') toastError(saved.reason)
  else if (session) sessionStore.update((current) => ({ ...current, user: { ...current.user, locale: language } }))
}

export function LanguageSwitcher({ compact = false, autoOpen = false }: { compact?: boolean; autoOpen?: boolean }) {
  const { t, i18n } = useTranslation()
  return (
    <Select<Language>
      defaultOpen={autoOpen}
      autoFocus={autoOpen}
      aria-label={t('language.label')}
      data-testid="language-switcher"
      value={isLanguage(i18n.language) ? i18n.language : 'en'}
      onChange={(value: Language) => void chooseLanguage(value)}
      variant="borderless"
      suffixIcon={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      style={{ minWidth: compact ? 64 : 120 }}
      options={languages.map((language) => ({
        value: language,
        label: compact ? language.toUpperCase() : languageNames[language],
        title: languageNames[language]
      }))}
      optionRender={(option) => languageNames[option.value as Language]}
    />
  )
}
