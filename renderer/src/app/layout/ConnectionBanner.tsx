import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConnectionState } from '../../api/connection'

/** What the banner says while the live connection is gone; null while connected. */
export function useConnectionLost(): string | null {
  const { t } = useTranslation()
  const state = useConnectionState()
  // A first connect takes a moment; only say something if it takes noticeably long.
  const [patient, setPatient] = useState(true)
  useEffect(() => {
    const timer = setTimeout(() => setPatient(false), 3000)
    return () => clearTimeout(timer)
  }, [])
  if (state === 'connected' || (state === 'connecting' && patient)) return null
  return state === 'timedOut' ? t('technical.socketTimeout') : t('technical.reconnecting')
}

/** Tells the person when the live connection is gone, instead of silently stale screens. */
export function ConnectionBanner() {
  const lost = useConnectionLost()
  if (lost === null) return null
  return (
    <div className="connection-banner" role="status">
      {lost}
    </div>
  )
}
