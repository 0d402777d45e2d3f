import './xrays.css'
import { useMemo, useState } from 'react'
import { Button, Card, Empty, Popconfirm, Space, Tag, Typography } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { formatTooth } from '../../../../domain/clinical/teeth'
import { doseToMicroSv, xrayTotalDose } from '../../../../domain/clinical/xrays'
import { useFind, useGet, refreshService } from '../../api/live'
import { client } from '../../api/client'
import { useCan } from '../../api/permissions'
import { toast, toastError } from '../../app/toasts'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { useTeamNames } from '../customer/useTeamNames'
import type { Xray, XrayPage } from '../../../../server/src/services/clinical/xrays/xrays.shared'
import { groupByDate } from './xray-form'
import { XrayFormModal } from './XrayFormModal'
import { XrayDetail } from './XrayDetail'

/**
 * The patient card's X-rays tab: the patient's yearly dose at the top (the calendar year, what
 * the dose sheet of the card counts, and the last twelve months), then the X-rays grouped by day,
 * newest first: type, teeth in the company's numbering, dose, doctor. A row opens its detail;
 * X-rays are added, edited and removed (to the trash) here.
 */
export default function XraysTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const canCreate = useCan('xrays', 'create')
  const canEdit = useCan('xrays', 'edit')
  const canDelete = useCan('xrays', 'delete')
  const company = useGet('my-company', 'mine')
  const numbering = company.data?.settings.toothNumbering ?? 'FDI'
  const found = useFind('xrays', { customerId, $sort: { date: -1, createdAt: 1 }, $limit: 500, $doseTotals: true })
  const page = found.data as XrayPage | undefined
  const names = useTeamNames()
  const groups = useMemo(() => groupByDate(page?.data ?? []), [page])
  const [editing, setEditing] = useState<Xray | 'new' | null>(null)
  const [open, setOpen] = useState<Xray | null>(null)
  const microSv = (dose: number) => `${format.number(doseToMicroSv(dose))} ${t('xrays.unit')}`
  const totals = page?.doseTotals

  async function remove(xray: Xray) {
    try {
      await client.service('xrays').remove(xray._id)
      await Promise.all([refreshService('xrays'), refreshService('trash')])
      setOpen(null)
      toast.success(t('xrays.removed'))
    } catch (error) {
      toastError(error)
    }
  }

  const actions = (xray: Xray) => (
    <Space size={0} onClick={(event) => event.stopPropagation()}>
      {canEdit && <Button type="text" size="small" icon={<EditOutlined />} aria-label={`${t('common.edit')} ${t(`xrays.types.${xray.type}`)}`} onClick={() => setEditing(xray)} />}
      {canDelete && (
        <Popconfirm title={t('xrays.removeConfirm')} onConfirm={() => void remove(xray)} okText={t('common.delete')} cancelText={t('common.cancel')}>
          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${t(`xrays.types.${xray.type}`)}`} />
        </Popconfirm>
      )}
    </Space>
  )

  return (
    <Card
      size="small"
      title={t('xrays.title')}
      extra={canCreate && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="xray-add">{t('xrays.add')}</Button>}
      data-testid="xrays"
    >
      {totals && (
        <div className="xray-totals" data-testid="xray-dose-totals">
          <div className="xray-total">
            <Typography.Text type="secondary">{t('xrays.yearTotal', { year: totals.asOf.slice(0, 4) })}</Typography.Text>
            <span className="xray-total-value" data-testid="xray-year-dose">{microSv(totals.year.dose)}</span>
            <Typography.Text type="secondary">{t('xrays.exposures', { count: totals.year.exposures })}</Typography.Text>
          </div>
          <div className="xray-total xray-total-secondary">
            <Typography.Text type="secondary">{t('xrays.last12Months')}</Typography.Text>
            <span className="xray-total-value" data-testid="xray-12-month-dose">{microSv(totals.last12Months.dose)}</span>
            <Typography.Text type="secondary">{t('xrays.exposures', { count: totals.last12Months.exposures })}</Typography.Text>
          </div>
        </div>
      )}
      {found.error && !found.data ? (
        <FetchError error={found.error} onRetry={() => void found.refetch()} />
      ) : groups.length === 0 ? (
        found.data && <Empty description={t('xrays.empty')} />
      ) : (
        groups.map((group) => (
          <section key={group.date} className="xray-day" aria-label={format.date(group.date)}>
            <Typography.Text strong className="xray-day-head">{format.date(group.date)}</Typography.Text>
            {group.xrays.map((xray) => (
              <div
                key={xray._id}
                className="xray-row"
                role="button"
                tabIndex={0}
                data-testid="xray-row"
                onClick={() => setOpen(xray)}
                onKeyDown={(event) => { if (event.key === 'Enter') setOpen(xray) }}
              >
                <div className="xray-row-main">
                  <Typography.Text strong>{t(`xrays.types.${xray.type}`)}</Typography.Text>
                  {xray.teeth.length > 0 && (
                    <span className="xray-teeth" aria-label={t('xrays.teeth')}>
                      {xray.teeth.map((tooth) => <Tag key={tooth}>{formatTooth(tooth, numbering)}</Tag>)}
                    </span>
                  )}
                  <Typography.Text type="secondary" className="xray-row-doctor">{names.get(xray.doctorId) ?? ''}</Typography.Text>
                </div>
                <div className="xray-row-side">
                  <span className="xray-row-dose">
                    {xray.quantity > 1 ? `${xray.quantity} × ${format.number(doseToMicroSv(xray.dose))} = ` : ''}
                    {microSv(xrayTotalDose(xray))}
                  </span>
                  {actions(xray)}
                </div>
                {xray.findings && <Typography.Paragraph type="secondary" className="xray-row-findings" ellipsis={{ rows: 1 }}>{xray.findings}</Typography.Paragraph>}
              </div>
            ))}
          </section>
        ))
      )}
      {open && <XrayDetail xray={open} numbering={numbering} doctorName={names.get(open.doctorId) ?? ''} onClose={() => setOpen(null)} onEdit={canEdit ? () => { setEditing(open); setOpen(null) } : undefined} />}
      {editing && <XrayFormModal customerId={customerId} xray={editing === 'new' ? null : editing} numbering={numbering} onClose={() => setEditing(null)} />}
    </Card>
  )
}
