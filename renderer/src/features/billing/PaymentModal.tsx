import { useState } from 'react'
import { Alert, Form, Input, Modal, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate } from '../../api/live'
import { errorPath } from '../../api/errors'
import { errorMessage, toast, toastError } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { newClientKey } from './client-key'
import { MAX_PAYMENT_NOTE } from '../../../../server/src/services/billing/transactions/transactions.shared'
import { minorToInput, parseMinor } from './money-input'
import { formFieldOf, paymentMethods, type InvoiceRow, type PaymentHistoryEntry } from './billing-types'
import { useCashBlocked } from '../cash-desk/useCashBlocked'

/** What the form does: pay an invoice, put money on the balance, or give back (part of) a payment. */
export type PaymentIntent =
  | { kind: 'pay'; invoice: InvoiceRow }
  | { kind: 'top-up' }
  | { kind: 'refund'; payment: PaymentHistoryEntry; left: number }

interface Values {
  method: (typeof paymentMethods)[number]
  amount: string
  transactionId?: string
  notes?: string
}

const fields = ['method', 'amount', 'transactionId', 'notes']

/**
 * Take a payment, top up the balance or refund. The client key is made once when the form opens
 * (the modal mounts per opening) and kept across retries, so a repeated send never pays twice.
 */
export function PaymentModal({ customerId, intent, balance, onClose }: { customerId: string; intent: PaymentIntent; balance: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const [form] = Form.useForm<Values>()
  const [clientKey] = useState(newClientKey)
  const [busy, setBusy] = useState(false)
  const create = useCreate('transactions', { also: ['invoices', 'payment-history', 'customers'] })
  // The company takes cash only into an open shift and this branch has none: said at the method, not sent.
  const cashBlocked = useCashBlocked()
  const method = Form.useWatch('method', form)
  const cashRefused = cashBlocked && method === 'cash'
  const comma = i18n.language !== 'en'
  const due = intent.kind === 'pay' ? intent.invoice.due : intent.kind === 'refund' ? intent.left : null
  // Paying from the balance only when the balance covers at least part of an invoice; never to the balance itself.
  const methods = paymentMethods.filter((method) => method !== 'balance' || (intent.kind === 'pay' && (balance ?? 0) > 0))
  const title = intent.kind === 'pay' ? t('billing.takePayment') : intent.kind === 'top-up' ? t('billing.topUp') : t('billing.refundTitle', { amount: format.money(intent.payment.amount, currency) })

  async function save(values: Values) {
    const amount = parseMinor(values.amount) as number
    const extra = { ...(values.transactionId?.trim() ? { transactionId: values.transactionId.trim() } : {}), ...(values.notes?.trim() ? { notes: values.notes.trim() } : {}) }
    const data =
      intent.kind === 'pay'
        ? { clientKey, customerId, method: values.method, amount, allocations: [{ invoiceId: intent.invoice._id, amount }], ...extra }
        : intent.kind === 'top-up'
          ? { clientKey, customerId, method: values.method, amount, ...extra }
          : { clientKey, customerId, method: values.method, amount, refundOf: intent.payment._id, ...extra }
    setBusy(true)
    try {
      await create(data)
      toast.success(intent.kind === 'refund' ? t('billing.refunded') : t('billing.paymentTaken'))
      onClose()
    } catch (error) {
      const field = formFieldOf(errorPath(error), fields)
      if (field) form.setFields([{ name: field as keyof Values, errors: [errorMessage(error)] }])
      else toastError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={intent.kind === 'refund' ? t('billing.refund') : t('billing.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'payment-save' }}
      destroyOnHidden
    >
      {intent.kind === 'pay' && (
        <Alert
          type="info"
          showIcon
          className="billing-payment-hint"
          message={`${t('billing.invoiceTitle', { number: intent.invoice.number })} · ${t('billing.due')}: ${format.money(intent.invoice.due, currency)}`}
          description={balance !== null ? t('billing.onBalance', { amount: format.money(balance, currency) }) : undefined}
        />
      )}
      <Form
        form={form}
        name="payment"
        layout="vertical"
        requiredMark={false}
        disabled={busy}
        onFinish={(values) => void save(values)}
        onValuesChange={(changed: Partial<Values>) => {
          // From the balance: offer what the balance can pay of what is left.
          if (changed.method === 'balance' && due !== null && balance !== null) form.setFieldsValue({ amount: minorToInput(Math.min(due, balance), comma) })
        }}
        initialValues={{ method: intent.kind === 'refund' ? intent.payment.method : 'cash', amount: due ? minorToInput(due, comma) : '' }}
        data-testid="payment-form"
      >
        <Form.Item
          name="method"
          label={t('billing.method')}
          rules={[
            { required: true, message: t('errors.field-required') },
            { validator: async (_, value: string) => { if (value === 'cash' && cashBlocked) throw new Error(t('errors.cash-needs-open-shift')) } }
          ]}
          {...(cashRefused ? { validateStatus: 'error' as const, help: <span data-testid="payment-cash-blocked">{t('errors.cash-needs-open-shift')}</span> } : {})}
        >
          <Select data-testid="payment-method" options={methods.map((method) => ({ value: method, label: t(`billing.methods.${method}`) }))} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={`${t('billing.amount')}, ${currency}`}
          rules={[
            { required: true, message: t('errors.field-required') },
            { validator: async (_, value: string) => { if (value && !parseMinor(value)) throw new Error(t('billing.amountInvalid')) } }
          ]}
        >
          <Input inputMode="decimal" data-testid="payment-amount" autoComplete="off" />
        </Form.Item>
        <Form.Item name="transactionId" label={t('billing.transactionId')}>
          <Input maxLength={100} data-testid="payment-transaction-id" />
        </Form.Item>
        <Form.Item name="notes" label={t('billing.notes')}>
          <Input.TextArea maxLength={MAX_PAYMENT_NOTE} autoSize={{ minRows: 1, maxRows: 4 }} data-testid="payment-notes" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
