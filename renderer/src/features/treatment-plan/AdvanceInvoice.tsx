import { useMemo, useState } from 'react'
import { Alert, Button, Checkbox, Empty, Modal, Typography } from 'antd'
import { FileTextOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { itemAmount, planInvoiceable } from '../../../../domain/clinical/treatment-plans'
import type { ToothNumbering } from '../../../../domain/clinical/teeth'
import type { TreatmentPlan } from '../../../../server/src/services/clinical/treatment-plan/treatment-plan.shared'
import { errorPath } from '../../api/errors'
import { useCreate, useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { useSession } from '../../api/session-store'
import { errorMessage, toast, toastError } from '../../app/toasts'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { teethText } from '../treatment-done/treatment-lines'
import { advanceItems, chosenAmount, invoicedPlanItems } from './advance-invoice'

/** "Invoice in advance" on an accepted plan: for those who may create invoices, with billing on. */
export function AdvanceInvoiceButton({ plan, numbering, currency }: { plan: TreatmentPlan; numbering: ToothNumbering; currency: string }) {
  const { t } = useTranslation()
  const canInvoice = useCan('invoices', 'create')
  const billingOn = useSession()?.company.modules?.billing !== false
  const [open, setOpen] = useState(false)
  if (!canInvoice || !billingOn || !planInvoiceable(plan.status)) return null
  return (
    <>
      <Button icon={<FileTextOutlined />} onClick={() => setOpen(true)} data-testid="plan-advance-invoice">{t('treatmentPlan.advance.button')}</Button>
      {open && <AdvanceInvoiceModal plan={plan} numbering={numbering} currency={currency} onClose={() => setOpen(false)} />}
    </>
  )
}

/**
 * An advance invoice from the plan (docs/decisions/billing.md, "Invoices"): the planned items not
 * on an invoice yet, all chosen at first; the invoice applies the patient's discount. An item
 * the server refuses (invoiced meanwhile, the plan changed) is named with the server's words.
 */
function AdvanceInvoiceModal({ plan, numbering, currency, onClose }: { plan: TreatmentPlan; numbering: ToothNumbering; currency: string; onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  // The patient's invoices that stand, only their lines: which plan items are asked for already.
  const invoices = useFind('invoices', { customerId: plan.customerId, cancelledAt: null, $select: ['lines'], $limit: 200 })
  const invoiced = useMemo(() => invoicedPlanItems(invoices.data?.data ?? []), [invoices.data])
  const items = useMemo(() => advanceItems(plan, invoiced), [plan, invoiced])
  const [unchosen, setUnchosen] = useState<ReadonlySet<string>>(new Set())
  const chosen = useMemo(() => new Set(items.map((item) => item._id).filter((id) => !unchosen.has(id))), [items, unchosen])
  const create = useCreate('invoices', { also: ['payment-history', 'customers', 'treatment-plan'] })
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  async function save() {
    const planItemIds = items.filter((item) => chosen.has(item._id)).map((item) => item._id)
    setBusy(true)
    setProblem(null)
    try {
      const invoice = await create({ customerId: plan.customerId, planItemIds })
      toast.success(t('treatmentPlan.advance.created', { number: invoice.number }))
      onClose()
    } catch (error) {
      const at = /^planItemIds\.(\d+)$/.exec(errorPath(error) ?? '')
      if (at) setProblem(`${items.find((item) => item._id === planItemIds[Number(at[1])])?.serviceName ?? ''}: ${errorMessage(error)}`)
      else toastError(error)
    } finally {
      setBusy(false)
    }
  }

  const money = (minor: number) => format.money(minor, currency)
  return (
    <Modal
      open
      title={t('treatmentPlan.advance.title')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('treatmentPlan.advance.create')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: chosen.size === 0, loading: busy, 'data-testid': 'advance-invoice-create' } as never}
      destroyOnHidden
    >
      {invoices.error ? (
        <FetchError error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : !invoices.data ? null : items.length === 0 ? (
        <Empty description={t('treatmentPlan.advance.nothing')} />
      ) : (
        <div data-testid="advance-invoice-items">
          <Typography.Paragraph type="secondary">{t('treatmentPlan.advance.hint')}</Typography.Paragraph>
          {items.map((item) => (
            <div key={item._id} className="advance-item">
              <Checkbox
                checked={chosen.has(item._id)}
                onChange={(event) => setUnchosen((current) => { const next = new Set(current); if (event.target.checked) next.delete(item._id); else next.add(item._id); return next })}
              >
                {item.serviceName}{item.teeth.length ? ` · ${teethText(item.teeth, numbering)}` : ''}
              </Checkbox>
              <span className="advance-amount">{money(itemAmount(item))}</span>
            </div>
          ))}
          <div className="advance-item advance-total">
            <strong>{t('treatmentPlan.advance.total')}</strong>
            <strong data-testid="advance-invoice-total">{money(chosenAmount(items, chosen))}</strong>
          </div>
          {problem && <Alert type="error" showIcon message={problem} data-testid="advance-invoice-problem" />}
        </div>
      )}
    </Modal>
  )
}
