import { useState } from 'react'
import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'
import { errorMessage } from './toasts'
import { isChunkLoadError, reloadOnceForNewBuild } from './chunk-errors'
import { PageLoading } from '../components/PageLoading'

/**
 * Instead of a blank page: what went wrong and a way forward. Laid out like antd's Result
 * (global.css, `.route-error`) without it: this screen is in the first download of every page,
 * and Result's illustrations would be a tenth of it.
 */
export function RouteError() {
  const error = useRouteError()
  const { t } = useTranslation()
  const chunk = isChunkLoadError(error)
  // The address is already the new screen's: one reload fetches the current build of it.
  // Decided once per error screen: reload (first failure) or explain (repeated failure).
  const [reloading] = useState(() => chunk && reloadOnceForNewBuild())
  if (reloading) return <PageLoading full />
  return (
    <div className="route-error">
      <div className={chunk ? 'route-error-icon warning' : 'route-error-icon error'}>{chunk ? <ExclamationCircleFilled /> : <CloseCircleFilled />}</div>
      <div className="route-error-title">{chunk ? t('app.chunkFailedTitle') : t('errors.something-went-wrong')}</div>
      <div className="route-error-text">{chunk ? t('app.chunkFailedText') : errorMessage(error)}</div>
      <div className="route-error-extra">
        {/* antd's primary Button drawn by global.css (`.lite-button`): this screen is on every first load. */}
        <button type="button" className="lite-button lite-button-inline" onClick={() => window.location.reload()}>
          <span>{t('common.reload')}</span>
        </button>
      </div>
    </div>
  )
}
