import { Alert } from 'antd'
import { Trans, useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useGet } from '../../api/live'
import { customerName } from '../customers/customer-name'

/** A merged record is only history: the banner leads to the record that was kept. */
export function MergedBanner({ keptId }: { keptId: string }) {
  const { t } = useTranslation()
  const kept = useGet('customers', keptId)
  const name = kept.data ? customerName(kept.data) : t('customer.mergedKeptFallback')
  return (
    <Alert
      type="warning"
      showIcon
      className="merged-banner"
      data-testid="merged-banner"
      title={t('customer.mergedTitle')}
      description={
        <Trans i18nKey="customer.mergedText" values={{ name }} components={{ kept: <Link to={`/customer/${keptId}`} data-testid="merged-kept-link" /> }} />
      }
    />
  )
}
