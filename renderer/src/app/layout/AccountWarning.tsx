import { Alert } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSignedIn } from '../../api/session-store'
import { useFormat } from '../../i18n/format'

/** Spec section 8: an expiry warning states the date; shown until the session ends. */
export function AccountWarning() {
  const { t } = useTranslation()
  const { warning } = useSignedIn()
  const format = useFormat()
  if (!warning) return null
  return <Alert type="warning" showIcon banner style={{ marginBottom: 16 }} title={t('errors.account-expiring', { date: format.date(warning.date) })} />
}
