import { Space, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { CustomerRecord } from '../customers/customer-types'
import { CustomerStatusTag } from '../customers/CustomerStatusTag'

/** The state badge, plus what the state's precedence hides (blacklisted while archived) and a debt. */
export function CustomerBadges({ customer }: { customer: CustomerRecord }) {
  const { t } = useTranslation()
  return (
    <Space size={4} wrap>
      <CustomerStatusTag status={customer.status} />
      {customer.blacklisted && customer.status !== 'blacklisted' && <Tag color="red">{t('customers.status.blacklisted')}</Tag>}
      {customer.debt > 0 && <Tag color="orange">{t('customer.debtor')}</Tag>}
    </Space>
  )
}
