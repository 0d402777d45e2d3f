import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../app/toasts'
import { errorCode } from '../api/errors'

/** Spec section 8: "Could not fetch data" with "Try again"; a refusal says why instead. */
export function FetchError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation()
  const forbidden = errorCode(error) === 'forbidden'
  return (
    <Result
      status={forbidden ? '403' : 'warning'}
      title={forbidden ? t('errors.forbidden') : t('errors.could-not-fetch')}
      subTitle={forbidden ? undefined : errorMessage(error)}
      extra={
        !forbidden && (
          <Button type="primary" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
        )
      }
    />
  )
}
