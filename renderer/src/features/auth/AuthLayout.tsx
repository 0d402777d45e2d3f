import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { DeferredLanguageSwitcher } from '../../components/DeferredLanguageSwitcher'
import { ConnectionBanner } from '../../app/layout/ConnectionBanner'

/** Frame of the public pages: brand, language switcher, one card. */
export default function AuthLayout() {
  const { t } = useTranslation()
  const wide = useLocation().pathname.startsWith('/welcome')
  return (
    <main className="auth-page">
      <div className="auth-connection">
        <ConnectionBanner />
      </div>
      <div className="auth-top">
        <div className="auth-brand">
          <img src="/icons/icon.svg" alt="" width={32} height={32} />
          <span>{t('app.name')}</span>
        </div>
        <DeferredLanguageSwitcher />
      </div>
      {/* Styled like a borderless antd Card (global.css) without its code: Card brings tabs,
          dropdown and menu along, a quarter of what the sign-in screen would download. */}
      <section className={wide ? 'auth-card wide' : 'auth-card'}>
        <Outlet />
      </section>
    </main>
  )
}
