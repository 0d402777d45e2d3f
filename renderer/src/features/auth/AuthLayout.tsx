import { Card } from 'antd'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { LanguageSwitcher } from '../../components/LanguageSwitcher'
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
        <LanguageSwitcher />
      </div>
      <Card className={wide ? 'auth-card wide' : 'auth-card'} variant="borderless" style={{ boxShadow: '0 8px 30px rgba(15,42,46,.08)' }}>
        <Outlet />
      </Card>
    </main>
  )
}
