import { Space, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { CustomerRecord } from '../customers/customer-types'
import { CustomerStatusTag } from '../customers/CustomerStatusTag'
import { MedicalAlertTag } from '../health-card/MedicalAlertTag'

/** The state badge, plus what the state's precedence hides (blacklisted while archived), a debt and the medical alert. */
export function CustomerBadges({ customer }: { customer: CustomerRecord }) {
  const { t } = useTranslation()
  return (
    <Space size={4} wrap>
      <MedicalAlertTag alert={customer.medicalAlert} />
      <CustomerStatusTag status={customer.status} />
      {customer.blacklisted && customer.status !== 'blacklisted' && <Tag color="red">{t('customers.status.blacklisted')}</Tag>}
      {customer.debt > 0 && <Tag color="orange">{t('customer.debtor')}</Tag>}
    </Space>
  )
}
