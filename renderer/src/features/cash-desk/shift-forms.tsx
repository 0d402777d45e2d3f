import { useState } from 'react'
import { Alert, Button, Card, Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, usePatch } from '../../api/live'
import { errorPath } from '../../api/errors'
import { errorMessage, toast, toastError } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import { minorToInput, parseMinor } from '../billing/money-input'
import { MAX_CLOSE_NOTE, MAX_DESK_NAME, MAX_MOVEMENT_NOTE, balanceWord, overShort, zPaymentsPath, type CashShift } from './cash-desk-types'

type FormLike = { setFields: (fields: Array<{ name: never; errors: string[] }>) => void }

/** A server refusal at its field when the form has that field, else as a toast. */
function showError(form: FormLike, fields: readonly string[], error: unknown) {
  const path = errorPath(error)
  if (path && fields.includes(path)) form.setFields([{ name: path as never, errors: [errorMessage(error)] }])
  else toastError(error)
}

/** An amount typed in major units ("1 500,50"), exact: the field says when it is not one. */
const amountRule = (message: string, allowZero: boolean) => ({
  validator: async (_: unknown, value: string) => {
    if (!value) return
    const minor = parseMinor(value)
    if (minor === undefined || (!allowZero && minor === 0)) throw new Error(message)
  }
})

/** Open a shift of a desk of the current branch with the cash put in the drawer. */
export function OpenShiftCard({ branchId, currency, another, onDone }: { branchId: string; currency: string; another: boolean; onDone?: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ desk?: string; openingFloat: string }>()
  const [busy, setBusy] = useState(false)
  const create = useCreate(zPaymentsPath)
  async function save(values: { desk?: string; openingFloat: string }) {
    setBusy(true)
    try {
      await create({ branchId, desk: values.desk?.trim() ?? '', openingFloat: parseMinor(values.openingFloat) ?? 0 })
      toast.success(t('cashDesk.shiftOpened'))
      form.resetFields()
      onDone?.()
    } catch (error) {
      showError(form, ['desk', 'openingFloat'], error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card className="cash-open" title={another ? t('cashDesk.openAnother') : t('cashDesk.noShift')} data-testid="open-shift">
      <Form form={form} layout="vertical" requiredMark={false} disabled={busy} onFinish={(values) => void save(values)} initialValues={{ openingFloat: '' }} className="cash-open-form">
        <Form.Item name="desk" label={t('cashDesk.desk')} extra={another ? undefined : t('cashDesk.deskHint')} rules={another ? [{ required: true, whitespace: true, message: t('errors.field-required') }] : []}>
          <Input maxLength={MAX_DESK_NAME} placeholder={another ? undefined : t('cashDesk.mainDesk')} data-testid="open-desk" />
        </Form.Item>
        <Form.Item name="openingFloat" label={`${t('cashDesk.openingFloat')}, ${currency}`} rules={[{ required: true, message: t('errors.field-required') }, amountRule(t('cashDesk.amountInvalid'), true)]}>
          <Input inputMode="decimal" autoComplete="off" data-testid="open-float" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="open-submit">
          {t('cashDesk.openShift')}
        </Button>
      </Form>
    </Card>
  )
}

/** Cash put in or taken out of the drawer, with why. */
export function MovementModal({ shift, kind, currency, onClose }: { shift: CashShift; kind: 'cash-in' | 'cash-out'; currency: string; onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const [form] = Form.useForm<{ amount: string; note: string }>()
  const [busy, setBusy] = useState(false)
  const patch = usePatch(zPaymentsPath)
  async function save(values: { amount: string; note: string }) {
    setBusy(true)
    try {
      await patch(shift._id, { action: kind, amount: parseMinor(values.amount) as number, note: values.note.trim() })
      toast.success(t('cashDesk.saved'))
      onClose()
    } catch (error) {
      showError(form, ['amount', 'note'], error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      title={kind === 'cash-in' ? t('cashDesk.cashInTitle') : t('cashDesk.cashOutTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('cashDesk.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'movement-save' }}
      destroyOnHidden
    >
      {kind === 'cash-out' && <Alert type="info" showIcon className="cash-hint" message={`${t('cashDesk.expected')}: ${format.money(shift.report.expectedCash, currency)}`} />}
      <Form form={form} layout="vertical" requiredMark={false} disabled={busy} onFinish={(values) => void save(values)} data-testid="movement-form">
        <Form.Item name="amount" label={`${t('cashDesk.amount')}, ${currency}`} rules={[{ required: true, message: t('errors.field-required') }, amountRule(t('cashDesk.amountInvalid'), false)]}>
          <Input inputMode="decimal" autoComplete="off" data-testid="movement-amount" />
        </Form.Item>
        <Form.Item name="note" label={t('cashDesk.note')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
          <Input maxLength={MAX_MOVEMENT_NOTE} placeholder={t('cashDesk.notePlaceholder')} data-testid="movement-note" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** The close: the cashier types what the drawer holds; expected and over/short show as they type. */
export function CloseShiftModal({ shift, currency, onClose, onClosed }: { shift: CashShift; currency: string; onClose: () => void; onClosed: (closed: CashShift) => void }) {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const [form] = Form.useForm<{ countedCash: string; note?: string }>()
  const [busy, setBusy] = useState(false)
  const patch = usePatch(zPaymentsPath)
  const typed = Form.useWatch('countedCash', form)
  const counted = typed ? parseMinor(typed) : undefined
  const expected = shift.report.expectedCash
  const difference = counted === undefined ? undefined : overShort(counted, expected)
  async function save(values: { countedCash: string; note?: string }) {
    setBusy(true)
    try {
      const closed = await patch(shift._id, { action: 'close', countedCash: parseMinor(values.countedCash) as number, ...(values.note?.trim() ? { note: values.note.trim() } : {}) })
      toast.success(t('cashDesk.shiftClosed'))
      onClosed(closed)
    } catch (error) {
      showError(form, ['countedCash', 'note'], error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      title={t('cashDesk.closeTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('cashDesk.closeShift')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'close-save', danger: true }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} disabled={busy} onFinish={(values) => void save(values)} data-testid="close-form" initialValues={{ countedCash: '' }}>
        <dl className="cash-drawer cash-close-figures">
          <div className="cash-report-strong" data-testid="close-expected">
            <dt>{t('cashDesk.expected')}</dt>
            <dd className="cash-money">{format.money(expected, currency)}</dd>
          </div>
        </dl>
        <Form.Item name="countedCash" label={`${t('cashDesk.countedCash')}, ${currency}`} rules={[{ required: true, message: t('errors.field-required') }, amountRule(t('cashDesk.amountInvalid'), true)]}>
          <Input inputMode="decimal" autoComplete="off" data-testid="close-counted" placeholder={minorToInput(expected, i18n.language !== 'en')} />
        </Form.Item>
        <dl className="cash-drawer cash-close-figures" aria-live="polite">
          <div className={`cash-report-strong${difference === undefined ? '' : ` cash-${balanceWord(difference)}`}`} data-testid="close-over-short">
            <dt>{difference === undefined ? t('cashDesk.overShort') : t(`cashDesk.${balanceWord(difference)}`)}</dt>
            <dd className="cash-money">{difference === undefined ? '—' : format.money(difference, currency)}</dd>
          </div>
        </dl>
        <Form.Item name="note" label={t('cashDesk.closeNote')}>
          <Input.TextArea maxLength={MAX_CLOSE_NOTE} autoSize={{ minRows: 1, maxRows: 4 }} data-testid="close-note" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
