import { useState } from 'react'
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'
import { errorMessage } from './toasts'
import { isChunkLoadError, reloadOnceForNewBuild } from './chunk-errors'
import { PageLoading } from '../components/PageLoading'

/** Instead of a blank page: what went wrong and a way forward. */
export function RouteError() {
  const error = useRouteError()
  const { t } = useTranslation()
  const chunk = isChunkLoadError(error)
  // The address is already the new screen's: one reload fetches the current build of it.
  // Decided once per error screen: reload (first failure) or explain (repeated failure).
  const [reloading] = useState(() => chunk && reloadOnceForNewBuild())
  if (reloading) return <PageLoading full />
  return (
    <Result
      status={chunk ? 'warning' : 'error'}
      title={chunk ? t('app.chunkFailedTitle') : t('errors.something-went-wrong')}
      subTitle={chunk ? t('app.chunkFailedText') : errorMessage(error)}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  )
}
