import { Table, Tag, Tooltip } from 'antd'
import { GlobalOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useSignedIn } from '../../api/session-store'
import { useFormat } from '../../i18n/format'
import { ColorDot } from '../customers/ColorDot'
import type { ServiceRecord } from './catalogue-types'
import { ServiceActions } from './ServiceActions'
import { useDurationText } from './useCatalogue'

interface Props {
  services: ServiceRecord[]
  loading?: boolean
  emptyText: string
  onEdit: (record: ServiceRecord) => void
}

/** One group of services: name and code, duration with buffer, price, online booking. */
export function ServiceTable({ services, loading, emptyText, onEdit }: Props) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const format = useFormat()
  const { company } = useSignedIn()
  const duration = useDurationText()
  return (
    <Table<ServiceRecord>
      rowKey="_id"
      size="small"
      // Fixed widths keep the columns of every category's table in line with each other.
      tableLayout="fixed"
      loading={loading}
      dataSource={services}
      pagination={false}
      locale={{ emptyText }}
      rowClassName={() => 'clickable-row'}
      onRow={(record) => ({ onClick: () => navigate(`/company/services/${record._id}`) })}
      columns={[
        {
          key: 'name',
          title: t('services.name'),
          render: (_, record) => (
            <>
              <Link to={`/company/services/${record._id}`} className="service-name" onClick={(event) => event.stopPropagation()}>
                {record.color ? <ColorDot color={record.color} /> : <span className="color-dot service-dot-none" aria-hidden />}
                {record.name}
              </Link>
              {record.code && <span className="service-code">{record.code}</span>}
              {record.archived && <Tag style={{ marginLeft: 8 }}>{t('services.archivedTag')}</Tag>}
              {/* On a phone the other columns hide: duration and price go under the name. */}
              <span className="service-cell-sub show-on-phone">
                {duration(record.duration)} · {format.money(record.price, company.currency)}
              </span>
            </>
          )
        },
        {
          key: 'duration',
          title: t('services.duration'),
          responsive: ['sm'],
          width: 140,
          render: (_, record) => (
            <>
              {duration(record.duration)}
              {record.bufferTime > 0 && <span className="service-cell-sub">{t('services.plusBuffer', { time: duration(record.bufferTime) })}</span>}
            </>
          )
        },
        {
          key: 'price',
          title: t('services.price'),
          align: 'right',
          responsive: ['sm'],
          width: 160,
          className: 'nowrap',
          render: (_, record) => format.money(record.price, company.currency)
        },
        {
          key: 'public',
          title: t('services.onlineShort'),
          align: 'center',
          responsive: ['md'],
          width: 80,
          render: (_, record) =>
            record.public ? (
              <Tooltip title={t('services.public')}>
                <GlobalOutlined style={{ color: '#0b7a75' }} aria-label={t('services.public')} />
              </Tooltip>
            ) : (
              <span className="muted">—</span>
            )
        },
        // On a phone the row opens the service's page, which has the same buttons.
        { key: 'actions', align: 'right', width: 112, responsive: ['sm'], render: (_, record) => <ServiceActions record={record} onEdit={() => onEdit(record)} /> }
      ]}
    />
  )
}
