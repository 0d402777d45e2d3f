import { useMemo, useState } from 'react'
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { groupByVisit, lineAmount } from '../../../../domain/clinical/treatments-done'
import { useFind, useGet, refreshService } from '../../api/live'
import { sectionQuery } from '../treatment/useTreatmentRecord'
import { client } from '../../api/client'
import { useCan } from '../../api/permissions'
import { errorMessage, toast, toastError } from '../../app/toasts'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { useTeamNames } from '../customer/useTeamNames'
import { useServiceCatalogue } from '../appointments/useResources'
import { useCurrency } from '../appointments/useCalendarSettings'
import type { TreatmentLine } from '../../../../server/src/services/clinical/treatment/treatment.shared'
import { parseTeethText, serviceOptionLabel, teethText } from './treatment-lines'
import { consentNeededFor } from '../../../../domain/documents/consent'
import { errorPath } from '../../api/errors'
import { openPlanItems } from '../treatment-plan/plan-drafts'
import './treatment-done.css'

interface LineValues {
  appointmentId?: string
  serviceId?: string
  teeth: string
  quantity: number
  /** Major units on screen. */
  price: number
  icdCode?: string
  materials?: string
  planItemId?: string
}

/**
 * The treatment tab's "Treatments done": the patient's lines grouped by visit, newest visit
 * first, with teeth in the company's numbering, service, diagnosis (for those who see exams),
 * doctor and price in the company's currency, and each visit's total. Lines are added, edited
 * (until invoiced) and removed here; completing a visit asks for them too (useCompletionGate).
 */
export function TreatmentsDoneSection({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const canCreate = useCan('treatment', 'create')
  const canEdit = useCan('treatment', 'edit')
  const canDelete = useCan('treatment', 'delete')
  const seesDiagnosis = useCan('exam', 'view')
  const company = useGet('my-company', 'mine')
  const numbering = company.data?.settings.toothNumbering ?? 'FDI'
  const found = useFind('treatment', sectionQuery('treatment', customerId))
  const names = useTeamNames()
  const groups = useMemo(() => groupByVisit(found.data?.data ?? []), [found.data])
  const [editing, setEditing] = useState<TreatmentLine | 'new' | null>(null)
  const translate = (key: string) => t(key)

  async function remove(line: TreatmentLine) {
    try {
      await client.service('treatment').remove(line._id)
      await refreshService('treatment')
      toast.success(t('treatmentDone.removed'))
    } catch (error) {
      toastError(error)
    }
  }

  const columns = [
    { key: 'teeth', title: t('treatmentDone.teeth'), width: 90, render: (_: unknown, line: TreatmentLine) => (line.teeth.length ? teethText(line.teeth, numbering, translate) : <Typography.Text type="secondary">{t('treatmentDone.wholeMouth')}</Typography.Text>) },
    { key: 'service', title: t('treatmentDone.service'), render: (_: unknown, line: TreatmentLine) => (
      <Space size={4} wrap>
        <span>{line.serviceName}</span>
        {line.invoiceId && <Tag>{t('treatmentDone.billed')}</Tag>}
      </Space>
    ) },
    ...(seesDiagnosis ? [{ key: 'icd', title: t('treatmentDone.diagnosis'), width: 100, render: (_: unknown, line: TreatmentLine) => line.icdCode ?? '' }] : []),
    { key: 'doctor', title: t('treatmentDone.doctor'), responsive: ['xl' as const], render: (_: unknown, line: TreatmentLine) => names.get(line.doctorId) ?? '' },
    { key: 'quantity', title: t('treatmentDone.quantity'), width: 70, align: 'right' as const, render: (_: unknown, line: TreatmentLine) => line.quantity },
    { key: 'amount', title: t('treatmentDone.amount'), width: 140, align: 'right' as const, render: (_: unknown, line: TreatmentLine) => format.money(lineAmount(line), currency) },
    { key: 'actions', title: '', width: 80, render: (_: unknown, line: TreatmentLine) => (
      <Space size={0}>
        {canEdit && !line.invoiceId && <Button type="text" size="small" icon={<EditOutlined />} aria-label={`${t('common.edit')} ${line.serviceName}`} onClick={() => setEditing(line)} />}
        {canDelete && !line.invoiceId && (
          <Popconfirm title={t('treatmentDone.removeConfirm')} onConfirm={() => void remove(line)} okText={t('common.delete')} cancelText={t('common.cancel')}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${line.serviceName}`} />
          </Popconfirm>
        )}
      </Space>
    ) }
  ]

  return (
    <Card
      size="small"
      title={t('treatment.sections.done')}
      extra={canCreate && <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="treatment-done-add">{t('treatmentDone.add')}</Button>}
      data-testid="treatment-done"
    >
      {found.error && !found.data ? (
        <FetchError error={found.error} onRetry={() => void found.refetch()} />
      ) : groups.length === 0 ? (
        <Empty description={t('treatmentDone.empty')} />
      ) : (
        groups.map((group) => (
          <section key={group.appointmentId} className="treatment-done-visit" aria-label={t('treatmentDone.visit', { date: format.date(group.visitDate) })}>
            <div className="treatment-done-visit-head">
              <Typography.Text strong>{t('treatmentDone.visit', { date: format.date(group.visitDate) })}</Typography.Text>
              <Typography.Text>{t('treatmentDone.visitTotal')}: <strong>{format.money(group.total, currency)}</strong></Typography.Text>
            </div>
            <Table size="small" rowKey="_id" pagination={false} columns={columns} dataSource={group.lines} scroll={{ x: 'max-content' }} />
          </section>
        ))
      )}
      {editing && <LineModal customerId={customerId} line={editing === 'new' ? null : editing} numbering={numbering} seesDiagnosis={seesDiagnosis} onClose={() => setEditing(null)} />}
    </Card>
  )
}

function LineModal({ customerId, line, numbering, seesDiagnosis, onClose }: { customerId: string; line: TreatmentLine | null; numbering: 'FDI' | 'American' | 'Palmer'; seesDiagnosis: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const [form] = Form.useForm<LineValues>()
  const catalogue = useServiceCatalogue()
  const company = useGet('my-company', 'mine')
  const visits = useFind('appointment', { customerId, $sort: { start: -1 }, $limit: 50 }, !line)
  const seesPlans = useCan('treatment-plan', 'view')
  const plans = useFind('treatment-plan', { customerId, $limit: 200 }, !line && seesPlans)
  const planItems = useMemo(() => openPlanItems(plans.data?.data ?? []).map((entry) => entry.item), [plans.data])
  const [busy, setBusy] = useState(false)
  const translate = (key: string) => t(key)
  const initial: LineValues = line
    ? { teeth: teethText(line.teeth, numbering, translate), quantity: line.quantity, price: line.price / 100, icdCode: line.icdCode ?? '', materials: line.materials }
    : { teeth: '', quantity: 1, price: 0, appointmentId: visits.data?.data[0]?._id }

  async function save(values: LineValues) {
    const parsed = parseTeethText(values.teeth ?? '', numbering, translate)
    if ('invalid' in parsed) {
      form.setFields([{ name: 'teeth', errors: [t('treatmentDone.teethInvalid')] }])
      return
    }
    const price = Math.round((values.price ?? 0) * 100)
    const diagnosis = seesDiagnosis ? { icdCode: values.icdCode?.trim() ? values.icdCode.trim().toUpperCase() : null } : {}
    setBusy(true)
    try {
      if (line) {
        await client.service('treatment').patch(line._id, { teeth: parsed.teeth, quantity: values.quantity, ...(price !== line.price ? { price } : {}), ...diagnosis, materials: values.materials ?? '' })
      } else {
        const listPrice = catalogue.find((item) => item._id === values.serviceId)?.price
        await client.service('treatment').create({
          customerId, appointmentId: values.appointmentId!, serviceId: values.serviceId!, teeth: parsed.teeth, quantity: values.quantity,
          ...(price !== listPrice ? { price } : {}), ...(diagnosis.icdCode ? diagnosis : {}), materials: values.materials ?? '',
          ...(values.planItemId ? { planItemId: values.planItemId } : {})
        })
      }
      await refreshService('treatment')
      if (values.planItemId) await refreshService('treatment-plan')
      toast.success(t('common.saved'))
      onClose()
    } catch (error) {
      // A refusal at the service (no signed consent for it) shows under the service, else as a toast.
      if (!line && errorPath(error) === 'serviceId') form.setFields([{ name: 'serviceId', errors: [errorMessage(error)] }])
      else toastError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open title={t(line ? 'treatmentDone.edit' : 'treatmentDone.add')} onCancel={onClose} onOk={() => form.submit()} okText={t('common.save')} cancelText={t('common.cancel')} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void save(values)}>
        {!line && (
          <>
            <Form.Item name="appointmentId" label={t('treatmentDone.visitField')} rules={[{ required: true, message: t('treatmentDone.visitRequired') }]}>
              <Select
                options={(visits.data?.data ?? []).map((visit) => ({ value: visit._id, label: `${format.date(visit.date)} ${visit.time}` }))}
                notFoundContent={t('treatmentDone.noVisits')}
              />
            </Form.Item>
            {planItems.length > 0 && (
              <Form.Item name="planItemId" label={t('treatmentDone.planItem')} extra={t('treatmentDone.planItemHelp')}>
                <Select
                  allowClear
                  options={planItems.map((item) => ({ value: item._id, label: `${item.serviceName}${item.teeth.length ? ` · ${teethText(item.teeth, numbering, translate)}` : ''}` }))}
                  onChange={(planItemId: string | undefined) => {
                    const item = planItems.find((entry) => entry._id === planItemId)
                    if (item) form.setFieldsValue({ serviceId: item.serviceId, teeth: teethText(item.teeth, numbering, translate), quantity: item.quantity, price: item.price / 100 })
                  }}
                />
              </Form.Item>
            )}
            <Form.Item name="serviceId" label={t('treatmentDone.service')} rules={[{ required: true, message: t('treatmentDone.serviceRequired') }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={catalogue.map((item) => ({ value: item._id, label: serviceOptionLabel(item, consentNeededFor(item, company.data?.settings), translate) }))}
                onChange={(serviceId: string) => form.setFieldValue('price', (catalogue.find((item) => item._id === serviceId)?.price ?? 0) / 100)}
              />
            </Form.Item>
          </>
        )}
        {line && <Typography.Paragraph strong>{line.serviceName}</Typography.Paragraph>}
        <Form.Item name="teeth" label={t('treatmentDone.teeth')} extra={t('treatmentDone.teethHelp')}>
          <Input placeholder={t('treatmentDone.teethPlaceholder')} autoFocus={Boolean(line)} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="quantity" label={t('treatmentDone.quantity')}>
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
          <Form.Item name="price" label={t('treatmentDone.price')}>
            <InputNumber min={0} precision={2} suffix={currency} style={{ width: 180 }} />
          </Form.Item>
          {seesDiagnosis && (
            <Form.Item name="icdCode" label={t('treatmentDone.diagnosis')}>
              <Input placeholder="K02.1" style={{ width: 120 }} maxLength={6} />
            </Form.Item>
          )}
        </Space>
        <Form.Item name="materials" label={t('treatmentDone.materials')}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
