import { useEffect, useMemo, useState } from 'react'
import { Empty, Form, Modal, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, useFind } from '../../api/live'
import { errorPath } from '../../api/errors'
import { errorMessage, toast, toastError } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import { FetchError } from '../../components/FetchError'
import { useCurrency } from '../appointments/useCalendarSettings'
import type { Invoice } from './billing-types'

interface Visit { appointmentId: string; date: string; count: number; amount: number }

/** The patient's visits with treatment lines not invoiced yet, newest first (what an invoice can be made from). */
export function visitsToInvoice(lines: ReadonlyArray<{ appointmentId: string; visitDate: string; price: number; quantity: number; invoiceId: string | null }>): Visit[] {
  const visits = new Map<string, Visit>()
  for (const line of lines) {
    if (line.invoiceId) continue
    const visit = visits.get(line.appointmentId) ?? { appointmentId: line.appointmentId, date: line.visitDate, count: 0, amount: 0 }
    visit.count += 1
    visit.amount += line.price * line.quantity
    visits.set(line.appointmentId, visit)
  }
  return [...visits.values()].sort((a, b) => b.date.localeCompare(a.date))
}

/** Create an invoice from one visit: every line of it not invoiced yet (the server prices it with the patient's discount). */
export function CreateInvoiceModal({ customerId, onCreated, onClose }: { customerId: string; onCreated: (invoice: Invoice) => void; onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const [form] = Form.useForm<{ appointmentId: string }>()
  const [busy, setBusy] = useState(false)
  const lines = useFind('treatment', { customerId, $sort: { createdAt: -1 }, $limit: 500 })
  const create = useCreate('invoices', { also: ['treatment', 'payment-history', 'customers'] })
  const visits = useMemo(() => visitsToInvoice(lines.data?.data ?? []), [lines.data])

  // The newest visit is offered first, once the lines have come.
  const newest = visits[0]?.appointmentId
  useEffect(() => {
    if (newest && !form.getFieldValue('appointmentId')) form.setFieldsValue({ appointmentId: newest })
  }, [form, newest])

  async function save({ appointmentId }: { appointmentId: string }) {
    setBusy(true)
    try {
      const invoice = await create({ customerId, appointmentId })
      toast.success(t('billing.invoiceCreated', { number: invoice.number }))
      onCreated(invoice)
    } catch (error) {
      if (errorPath(error) === 'appointmentId') form.setFields([{ name: 'appointmentId', errors: [errorMessage(error)] }])
      else toastError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title={t('billing.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('billing.create')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: visits.length === 0, 'data-testid': 'invoice-create-save' }}
      destroyOnHidden
    >
      {lines.error && !lines.data ? (
        <FetchError error={lines.error} onRetry={() => void lines.refetch()} />
      ) : lines.data && visits.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.nothingToInvoice')} />
      ) : (
        <Form form={form} name="create-invoice" layout="vertical" requiredMark={false} disabled={busy} onFinish={(values) => void save(values)}>
          <Form.Item name="appointmentId" label={t('billing.visit')} rules={[{ required: true, message: t('errors.field-required') }]}>
            <Select
              loading={lines.isLoading}
              data-testid="invoice-visit"
              options={visits.map((visit) => ({
                value: visit.appointmentId,
                label: t('billing.visitOption', { date: format.date(`${visit.date}T12:00:00`), count: visit.count, amount: format.money(visit.amount, currency) })
              }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  )
}
