import { Table, type TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useSignedIn } from '../../api/session-store'
import { useFormat } from '../../i18n/format'
import type { CustomerColumn } from './customer-columns'
import type { CustomerRecord, SourceRecord, TagRecord } from './customer-types'
import { customerName } from './customer-name'
import { ColorDot } from './ColorDot'
import { CustomerStatusTag } from './CustomerStatusTag'
import { PhoneText } from './PhoneText'
import { TagList } from './TagList'

interface Props {
  customers: CustomerRecord[]
  columns: CustomerColumn[]
  tags: Map<string, TagRecord>
  sources: Map<string, SourceRecord>
  loading: boolean
  emptyText: string
  /** Ticking customers (to merge two): the ticked ids and what a tick does; none: no ticks. */
  selection?: CustomerSelection
}

export interface CustomerSelection {
  ids: string[]
  /** How many may be ticked at once. */
  max: number
  onToggle: (customer: CustomerRecord, ticked: boolean) => void
}

/** The wide list: the name always, then the columns this device chose. A row opens the customer. */
export function CustomerTable({ customers, columns, tags, sources, loading, emptyText, selection }: Props) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const format = useFormat()
  const { company } = useSignedIn()
  const money = (minor: number) => (minor ? format.money(minor, company.currency) : '—')

  const optional: Record<CustomerColumn, TableColumnsType<CustomerRecord>[number]> = {
    phone: { key: 'phone', title: t('customers.column.phone'), render: (_, customer) => <PhoneText phone={customer.phone} hidden={customer.phoneHidden} /> },
    email: { key: 'email', title: t('customers.column.email'), render: (_, customer) => customer.email || '—' },
    birthdate: { key: 'birthdate', title: t('customers.column.birthdate'), render: (_, customer) => format.date(customer.birthdate) },
    gender: { key: 'gender', title: t('customers.column.gender'), render: (_, customer) => (customer.gender ? t(`customer.gender.${customer.gender}`) : '—') },
    tags: { key: 'tags', title: t('customers.column.tags'), render: (_, customer) => <TagList ids={customer.tagIds} tags={tags} /> },
    source: { key: 'source', title: t('customers.column.source'), render: (_, customer) => (customer.sourceId ? (sources.get(customer.sourceId)?.name ?? '—') : '—') },
    balance: { key: 'balance', title: t('customers.column.balance'), align: 'right', render: (_, customer) => <span className="nowrap">{money(customer.balance)}</span> },
    debt: {
      key: 'debt',
      title: t('customers.column.debt'),
      align: 'right',
      render: (_, customer) => <span className={customer.debt > 0 ? 'nowrap money-debt' : 'nowrap'}>{money(customer.debt)}</span>
    },
    discount: { key: 'discount', title: t('customers.column.discount'), align: 'right', render: (_, customer) => (customer.discount ? `${customer.discount}%` : '—') },
    status: { key: 'status', title: t('customers.column.status'), render: (_, customer) => <CustomerStatusTag status={customer.status} /> },
    createdAt: { key: 'createdAt', title: t('customers.column.createdAt'), render: (_, customer) => format.date(customer.createdAt) }
  }

  return (
    <Table<CustomerRecord>
      rowKey="_id"
      size="middle"
      loading={loading}
      dataSource={customers}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
      rowSelection={
        selection && {
          selectedRowKeys: selection.ids,
          hideSelectAll: true,
          columnWidth: 44,
          onSelect: (customer, ticked) => selection.onToggle(customer, ticked),
          getCheckboxProps: (customer) => ({
            disabled: customer.status === 'merged' || (!selection.ids.includes(customer._id) && selection.ids.length >= selection.max),
            'aria-label': t('customers.selectOne', { name: customerName(customer) })
          })
        }
      }
      onRow={(customer) => ({
        // A click on the tick box ticks; anywhere else on the row opens the customer.
        onClick: (event) => {
          if (!(event.target as HTMLElement).closest('.ant-table-selection-column')) navigate(`/customer/${customer._id}`)
        },
        className: 'clickable-row'
      })}
      columns={[
        {
          key: 'name',
          title: t('customers.column.name'),
          render: (_, customer) => (
            <Link to={`/customer/${customer._id}`} onClick={(event) => event.stopPropagation()} className="customer-link">
              <ColorDot color={customer.color} />
              {customerName(customer)}
            </Link>
          )
        },
        ...columns.map((column) => optional[column])
      ]}
    />
  )
}
