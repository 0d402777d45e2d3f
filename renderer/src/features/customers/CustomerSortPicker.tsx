import { Select } from 'antd'
import { SortAscendingOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { customerSorts, type CustomerSort } from './customer-query'

export function CustomerSortPicker({ value, onChange }: { value: CustomerSort; onChange: (sort: CustomerSort) => void }) {
  const { t } = useTranslation()
  return (
    <Select
      value={value}
      onChange={onChange}
      prefix={<SortAscendingOutlined />}
      aria-label={t('customers.sortLabel')}
      options={customerSorts.map((sort) => ({ value: sort, label: t(`customers.sort.${sort}`) }))}
      popupMatchSelectWidth={false}
      data-testid="customer-sort"
    />
  )
}
