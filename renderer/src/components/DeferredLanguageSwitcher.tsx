import { lazy, Suspense, useState } from 'react'
import { GlobalOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { isLanguage, languageNames } from '../i18n/languages'

const LazySwitcher = lazy(() => import('./LanguageSwitcher').then((module) => ({ default: module.LanguageSwitcher })))
// A head start on hover or focus; a failure shows (or reloads) when the click needs the chunk.
const loadSwitcher = () => void import('./LanguageSwitcher').catch(() => undefined)

/**
 * The switcher of the sign-in screens: drawn like the borderless select (global.css,
 * `.language-switcher-lite`) until the person reaches for it, then the real one, open. antd's
 * Select is a tenth of what those screens would otherwise download; the signed-in top bar
 * loads it anyway and uses LanguageSwitcher itself.
 */
export function DeferredLanguageSwitcher() {
  const { t, i18n } = useTranslation()
  const [active, setActive] = useState(false)
  const current = isLanguage(i18n.language) ? i18n.language : 'en'
  const lite = (
    <button
      type="button"
      className="language-switcher-lite"
      aria-label={t('language.label')}
      aria-haspopup="listbox"
      data-testid="language-switcher"
      onPointerEnter={loadSwitcher}
      onFocus={loadSwitcher}
      onClick={() => setActive(true)}
    >
      <span className="language-switcher-lite-value">{languageNames[current]}</span>
      <GlobalOutlined className="language-switcher-lite-icon" />
    </button>
  )
  if (!active) return lite
  return (
    <Suspense fallback={lite}>
      <LazySwitcher autoOpen />
    </Suspense>
  )
}
