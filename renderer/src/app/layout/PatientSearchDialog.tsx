import { useMemo, useState, type KeyboardEvent } from 'react'
import { Input, Modal, Spin } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useDebounced } from '../../components/useDebounced'
import { useFormat } from '../../i18n/format'
import { customerName } from '../../features/customers/customer-name'
import { searchTerm } from '../../features/customers/customer-query'
import { useCustomerList } from '../../features/customers/useCustomerList'
import { PhoneText } from '../../features/customers/PhoneText'

const RESULTS = 8

/**
 * The patient search of the top bar (Ctrl+K or "/" from any screen): type a name or a phone,
 * arrows move, Enter opens the card, Esc closes. The customers list's own search underneath.
 */
export default function PatientSearchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const term = searchTerm(useDebounced(text, 200))
  const query = useMemo(() => ({ $search: term, $limit: RESULTS, $sort: { last_name: 1 as const, first_name: 1 as const, _id: 1 as const } }), [term])
  const found = useCustomerList(query, term.length > 0)
  const results = term ? (found.data?.data ?? []).filter((customer) => !customer.mergedInto) : []

  function open(id: string) {
    onClose()
    navigate(`/customer/${id}`)
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (results.length ? (current + step + results.length) % results.length : 0))
    } else if (event.key === 'Enter' && results[active]) {
      event.preventDefault()
      open(results[active]._id)
    }
  }

  return (
    <Modal open onCancel={onClose} footer={null} closable={false} title={null} width={560} destroyOnHidden className="patient-search" data-testid="patient-search">
      <Input
        autoFocus
        size="large"
        prefix={<SearchOutlined />}
        placeholder={t('patientSearch.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
        aria-label={t('patientSearch.title')}
        data-testid="patient-search-input"
      />
      <div className="patient-search-results" role="listbox" aria-label={t('patientSearch.title')}>
        {term && found.isFetching && results.length === 0 && <Spin size="small" />}
        {term && !found.isFetching && results.length === 0 && <div className="muted">{t('customers.noMatch')}</div>}
        {!term && <div className="muted">{t('patientSearch.hint')}</div>}
        {results.map((customer, index) => (
          <div
            key={customer._id}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'patient-search-item active' : 'patient-search-item'}
            onMouseEnter={() => setActive(index)}
            onClick={() => open(customer._id)}
            data-testid="patient-search-result"
          >
            <span className="patient-search-name">{customerName(customer)}</span>
            <span className="muted">
              {customer.birthdate ? `${format.date(`${customer.birthdate}T12:00:00`)} · ` : ''}
              <PhoneText phone={customer.phone} hidden={customer.phoneHidden} />
            </span>
          </div>
        ))}
      </div>
    </Modal>
  )
}
