import { Checkbox, Empty, Spin } from 'antd'
import { useTranslation } from 'react-i18next'
import { RightOutlined } from '@ant-design/icons'
import { Link } from 'react-router'
import type { CustomerRecord, TagRecord } from './customer-types'
import type { CustomerSelection } from './CustomerTable'
import { customerName } from './customer-name'
import { ColorDot } from './ColorDot'
import { CustomerStatusTag } from './CustomerStatusTag'
import { PhoneText } from './PhoneText'
import { TagList } from './TagList'

/** The phone-width list: one tappable line per customer with the phone and tags under the name. */
export function CustomerCompactList({
  customers,
  tags,
  loading,
  emptyText,
  selection
}: {
  customers: CustomerRecord[]
  tags: Map<string, TagRecord>
  loading: boolean
  emptyText: string
  selection?: CustomerSelection
}) {
  const { t } = useTranslation()
  if (!customers.length) {
    return loading ? <Spin className="compact-list-loading" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
  }
  return (
    <ul className={loading ? 'compact-list compact-list-busy' : 'compact-list'} data-testid="customer-compact-list">
      {customers.map((customer) => (
        <li key={customer._id} className={selection ? 'compact-selectable' : undefined}>
          {selection && (
            <Checkbox
              className="compact-tick"
              checked={selection.ids.includes(customer._id)}
              disabled={customer.status === 'merged' || (!selection.ids.includes(customer._id) && selection.ids.length >= selection.max)}
              onChange={(event) => selection.onToggle(customer, event.target.checked)}
              aria-label={t('customers.selectOne', { name: customerName(customer) })}
            />
          )}
          <Link to={`/customer/${customer._id}`} className="compact-item">
            <span className="compact-main">
              <span className="compact-name">
                <ColorDot color={customer.color} />
                {customerName(customer)}
              </span>
              <span className="compact-meta">
                <PhoneText phone={customer.phone} hidden={customer.phoneHidden} />
                {customer.status !== 'active' && <CustomerStatusTag status={customer.status} />}
                <TagList ids={customer.tagIds} tags={tags} />
              </span>
            </span>
            <RightOutlined className="compact-chevron" />
          </Link>
        </li>
      ))}
    </ul>
  )
}
