import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useConnectionLost } from '../../app/layout/ConnectionBanner'
import { useTextArea } from '../../i18n/useTextArea'
import { offlineStatus, useOfflineStatus } from './offline-status'

/**
 * The shell's connection banner: "Offline, N changes waiting" with the way to the offline day
 * while the server is unreachable; once back, what the replay sent and what needs a person.
 */
export default function OfflineBanner() {
  const { t } = useTranslation()
  // The connection banner's words while the socket is down ("Connection lost…"), null while connected.
  const lost = useConnectionLost()
  const ready = useTextArea('offlineDay')
  const { counts, report } = useOfflineStatus()
  if (lost !== null) {
    return (
      <div className="connection-banner offline-banner" role="status">
        {lost}
        {ready && (
          <>
            {' · '}
            <strong>{t('offlineDay.banner.waiting', { count: counts.waiting })}</strong> <Link to="/offline-day">{t('offlineDay.banner.open')}</Link>
          </>
        )}
      </div>
    )
  }
  if (!report || !ready) return null
  return (
    <div className="connection-banner offline-banner offline-banner-sent" role="status">
      <span>
        {t('offlineDay.banner.sent', { count: report.sent })}
        {report.conflicts > 0 && <> {t('offlineDay.banner.attention', { count: report.conflicts })}</>}
        {report.interrupted && <> {t('offlineDay.banner.interrupted')}</>}
      </span>{' '}
      {counts.conflicts > 0 && <Link to="/offline-day/conflicts">{t('offlineDay.banner.inbox')}</Link>}{' '}
      <Button size="small" type="text" onClick={() => offlineStatus.setReport(null)}>
        {t('offlineDay.banner.close')}
      </Button>
    </div>
  )
}
