import { Select } from 'antd'
import { GlobalOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { service } from '../api/client'
import { sessionStore } from '../api/session-store'
import { changeLanguage } from '../i18n'
import { isLanguage, languageNames, languages, type Language } from '../i18n/languages'
import { toastError } from '../app/toasts'

/**
 * Switches the interface language at once; for a signed-in person the choice is also saved on
 * their profile so it follows them to other devices (issue 3, section 3).
 */
export async function chooseLanguage(language: Language) {
  await changeLanguage(language)
  const session = sessionStore.get()
  if (!session || session.user.locale === language) return
  try {
    await service('profile').patch('me', { locale: language })
    sessionStore.update((current) => ({ ...current, user: { ...current.user, locale: language } }))
  } catch (error) {
    toastError(error)
  }
}

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation()
  return (
    <Select<Language>
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
