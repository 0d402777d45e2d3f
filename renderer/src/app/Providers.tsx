import { useEffect, useState, type ReactNode } from 'react'
import { ConfigProvider } from 'antd'
import type { Locale } from 'antd/es/locale'
import { QueryClientProvider } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { queryClient } from '../api/query-client'
import { antdLocale } from '../i18n/antd-locale'
import { isLanguage } from '../i18n/languages'
import { ToastHost } from './toasts'
import { theme } from './theme'

/** Everything every screen relies on: server-state cache, antd in the current language, toasts. */
export function Providers({ children, initialLocale }: { children: ReactNode; initialLocale: Locale }) {
  const { i18n } = useTranslation()
  const [locale, setLocale] = useState(initialLocale)
  useEffect(() => {
    const language = isLanguage(i18n.language) ? i18n.language : 'en'
    let current = true
    void antdLocale(language).then((next) => current && setLocale(next))
    return () => {
      current = false
    }
  }, [i18n.language])
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={theme}>
        {/* No antd <App>: toasts come from ToastHost, and its modal holder would cost every first load. */}
        <ToastHost />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  )
}
