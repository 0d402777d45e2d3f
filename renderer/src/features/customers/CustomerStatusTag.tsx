import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { CustomerStatus } from './customer-types'

const colors: Record<CustomerStatus, string | undefined> = {
  active: 'green',
  blacklisted: 'red',
  archived: undefined,
  merged: 'purple'
}

/** The computed state of spec section 4 as a badge. */
export function CustomerStatusTag({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation()
  return (
    <Tag color={colors[status]} data-testid="customer-status">
      {t(`customers.status.${status}`)}
    </Tag>
  )
}
