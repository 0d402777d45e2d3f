import { lazy, Suspense, useEffect, useState } from 'react'
import { Button, Tooltip } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../api/permissions'

// Loaded on first use: the first screen's bundle stays small.
const PatientSearchDialog = lazy(() => import('./PatientSearchDialog'))

/** True when a key press belongs to a field being typed in ("/" there is just a slash). */
function typingInField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null
  return Boolean(element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName)))
}

/** The top bar's patient search: a button, Ctrl+K (Cmd+K) anywhere, or "/" outside a field. */
export function PatientSearch({ compact }: { compact: boolean }) {
  const { t } = useTranslation()
  const canView = useCan('customers', 'view')
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (!canView) return
    const onKey = (event: KeyboardEvent) => {
      const shortcut = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k'
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingInField(event.target)
      if (!shortcut && !slash) return
      event.preventDefault()
      setOpen(true)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [canView])
  if (!canView) return null
  return (
    <>
      <Tooltip title={`${t('patientSearch.title')} (Ctrl+K)`}>
        <Button type="text" icon={<SearchOutlined />} onClick={() => setOpen(true)} aria-label={t('patientSearch.title')} data-testid="patient-search-open">
          {compact ? null : <span className="patient-search-button-text">{t('patientSearch.button')}</span>}
        </Button>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <PatientSearchDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
