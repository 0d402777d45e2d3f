import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/** Names the browser tab after the screen, for pages without a PageHeader. */
export function usePageTitle(title: string) {
  const { t } = useTranslation()
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`
  }, [title, t])
}
