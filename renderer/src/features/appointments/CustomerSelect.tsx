import { useMemo, useState } from 'react'
import { Button, Select, Space, Spin } from 'antd'
import { UserAddOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { formatPhone } from '../../../../domain/validation/phone'
import { useGet } from '../../api/live'
import { useCan } from '../../api/permissions'
import { useDebounced } from '../../components/useDebounced'
import type { CustomerRecord } from '../customers/customer-types'
import { customerName } from '../customers/customer-name'
import { searchTerm } from '../customers/customer-query'
import { useCustomerList } from '../customers/useCustomerList'
import { CustomerDrawer } from '../customers/CustomerDrawer'

const PICKER_LIMIT = 10

/**
 * The booking form's customer: searched by name or phone the way the customers list searches,
 * or created on the spot with the customers' own form. Form-controlled (value = customer id).
 */
export function CustomerSelect({ value, onChange, id }: { value?: string | null; onChange?: (id: string | null) => void; id?: string }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [creating, setCreating] = useState(false)
  const [picked, setPicked] = useState<CustomerRecord | null>(null)
  const canCreate = useCan('customers', 'create')
  const term = searchTerm(useDebounced(text, 250))
  const query = useMemo(() => ({ $search: term, archived: false, $limit: PICKER_LIMIT, $sort: { last_name: 1, first_name: 1, _id: 1 } }), [term])
  const found = useCustomerList(query, term.length > 0)
  // A prefilled or existing appointment names its customer by id only.
  const known = useGet('customers', value && picked?._id !== value ? value : null)
  const current = picked?._id === value ? picked : (known.data ?? null)
  const options = (found.data?.data ?? [])
    .filter((customer) => !customer.mergedInto)
    .map((customer) => ({
      value: customer._id,
      label: [customerName(customer), customer.phone ? formatPhone(customer.phone) : '', customer.blacklisted ? `⚠ ${t('booking.blacklisted')}` : ''].filter(Boolean).join(' · '),
      customer
    }))
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        id={id}
        showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
        allowClear
        style={{ width: '100%' }}
        placeholder={t('booking.customerPlaceholder')}
        value={value ?? undefined}
        labelRender={() => (current ? customerName(current) : value ? '…' : '')}
        notFoundContent={found.isFetching ? <Spin size="small" /> : term ? t('customers.noMatch') : t('booking.typeToSearch')}
        options={options}
        onChange={(next) => {
          setPicked(options.find((option) => option.value === next)?.customer ?? null)
          onChange?.(next ?? null)
        }}
        data-testid="booking-customer"
      />
      {canCreate && (
        <Button icon={<UserAddOutlined />} onClick={() => setCreating(true)} aria-label={t('booking.newCustomer')} title={t('booking.newCustomer')} data-testid="booking-new-customer" />
      )}
      {creating && (
        <CustomerDrawer
          customer={null}
          onClose={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false)
            setPicked(saved)
            onChange?.(saved._id)
          }}
          onPickExisting={(existing) => {
            setCreating(false)
            setPicked(existing)
            onChange?.(existing._id)
          }}
        />
      )}
    </Space.Compact>
  )
}
