import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'
import { errorMessage } from './toasts'
import { isChunkLoadError } from './chunk-errors'

/** Instead of a blank page: what went wrong and a way forward. */
export function RouteError() {
  const error = useRouteError()
  const { t } = useTranslation()
  const chunk = isChunkLoadError(error)
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
