import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** Title row of every screen; also names the browser tab after the screen. */
export function PageHeader({ title, subtitle, extra }: { title: string; subtitle?: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation()
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`
  }, [title, t])
  return (
    <div className="page-header">
      <div>
        <h1>{title}</h1>
        {subtitle && <div className="page-subtitle">{subtitle}</div>}
      </div>
      {extra && <div>{extra}</div>}
    </div>
  )
}
