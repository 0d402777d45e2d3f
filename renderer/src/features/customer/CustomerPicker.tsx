import { useMemo, useState } from 'react'
import { Select, Spin } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatPhone } from '../../../../domain/validation/phone'
import { useDebounced } from '../../components/useDebounced'
import type { CustomerRecord } from '../customers/customer-types'
import { customerName } from '../customers/customer-name'
import { searchTerm } from '../customers/customer-query'
import { useCustomerList } from '../customers/useCustomerList'

const PICKER_LIMIT = 10

interface PickerProps {
  /** A customer never offered (merging: the record itself). */
  exclude?: string
  value: CustomerRecord | null
  onChange: (customer: CustomerRecord | null) => void
  /** Placeholder and accessible name; merging's "another customer" by default. */
  placeholder?: string
  testId?: string
  id?: string
}

/** Finds a customer by name or phone, as the list does; never offers the excluded one. */
export function CustomerPicker({ exclude, value, onChange, placeholder, testId = 'merge-picker', id }: PickerProps) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const term = searchTerm(useDebounced(text, 250))
  const query = useMemo(() => ({ $search: term, archived: false, $limit: PICKER_LIMIT, $sort: { last_name: 1, first_name: 1, _id: 1 } }), [term])
  const found = useCustomerList(query, term.length > 0)
  const options = (found.data?.data ?? [])
    .filter((customer) => customer._id !== exclude && !customer.mergedInto)
    .map((customer) => ({
      value: customer._id,
      label: [customerName(customer), customer.phone ? formatPhone(customer.phone) : '', customer.birthdate ?? ''].filter(Boolean).join(' · '),
      customer
    }))
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      allowClear
      style={{ width: '100%' }}
      id={id}
      placeholder={placeholder ?? t('merge.searchPlaceholder')}
      aria-label={placeholder ?? t('merge.searchPlaceholder')}
      value={value?._id}
      labelRender={() => (value ? customerName(value) : '')}
      notFoundContent={found.isFetching ? <Spin size="small" /> : term ? t('customers.noMatch') : t('merge.typeToSearch')}
      options={options}
      onChange={(id) => onChange(options.find((option) => option.value === id)?.customer ?? null)}
      data-testid={testId}
    />
  )
}
