import { Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConnectionState } from '../../api/connection'
import { platform } from '../../platform'
import { lazyInBackground } from '../background-chunk'

/** The shell's banner tells of the offline day too (features/offline-day); the browser never loads it. */
const OfflineBanner = platform.offline ? lazyInBackground(() => import('../../features/offline-day/OfflineBanner')) : null

/** Tells the person when the live connection is gone, instead of silently stale screens. */
export function ConnectionBanner() {
  const { t } = useTranslation()
  const state = useConnectionState()
  // A first connect takes a moment; only say something if it takes noticeably long.
  const [patient, setPatient] = useState(true)
  useEffect(() => {
    const timer = setTimeout(() => setPatient(false), 3000)
    return () => clearTimeout(timer)
  }, [])
  const lost = state === 'connected' || (state === 'connecting' && patient) ? null : t(state === 'timedOut' ? 'technical.socketTimeout' : 'technical.reconnecting')
  const banner = lost === null ? null : (
    <div className="connection-banner" role="status">
      {lost}
    </div>
  )
  if (!OfflineBanner) return banner
  return (
    <Suspense fallback={banner}>
      <OfflineBanner lost={lost} />
    </Suspense>
  )
}
