import { Radio, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatPhone } from '../../../../domain/validation/phone'
import { useSignedIn } from '../../api/session-store'
import { useFormat } from '../../i18n/format'
import type { CustomerRecord } from '../customers/customer-types'
import { customerName } from '../customers/customer-name'
import { ColorDot } from '../customers/ColorDot'

/** One of the two records in the merge dialog, as a choice of which to keep. */
export function MergeSide({ customer, kept }: { customer: CustomerRecord; kept: boolean }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { company } = useSignedIn()
  return (
    <Radio value={customer._id} className={kept ? 'merge-side merge-side-kept' : 'merge-side'} data-testid={`merge-side-${customer._id}`}>
      <span className="merge-side-name">
        <ColorDot color={customer.color} />
        {customerName(customer)}
        <Tag color={kept ? 'green' : 'default'} className="merge-side-role">
          {kept ? t('merge.kept') : t('merge.mergedAway')}
        </Tag>
      </span>
      <span className="merge-side-meta">
        {[
          customer.phoneHidden ? t('customers.phoneHidden') : customer.phone ? formatPhone(customer.phone) : '',
          customer.birthdate ? format.date(customer.birthdate) : '',
          `${t('customer.createdAt')}: ${format.date(customer.createdAt)}`
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
      <span className="merge-side-meta">
        {t('customer.balance')}: {format.money(customer.balance, company.currency)} · {t('customer.debt')}: {format.money(customer.debt, company.currency)}
      </span>
    </Radio>
  )
}
