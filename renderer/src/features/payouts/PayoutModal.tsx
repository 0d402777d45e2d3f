import { useState } from 'react'
import { DatePicker, Form, Input, Modal, Select } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { client } from '../../api/client'
import { useSignedIn } from '../../api/session-store'
import { companyToday } from '../appointments/zoned-time'
import { errorPath } from '../../api/errors'
import { useCurrentBranch } from '../../api/branch'
import { errorMessage, toast, toastError } from '../../app/toasts'
import { useCurrency } from '../appointments/useCalendarSettings'
import { parseMinor } from '../billing/money-input'
import { payoutMethods } from '../../../../domain/billing/payouts'
import { MAX_PAYOUT_NOTE } from '../../../../server/src/services/billing/user-balance-history/user-balance-history.shared'
import { dayText, refreshStatements } from './useBalanceStatement'

interface Values {
  amount: string
  method: (typeof payoutMethods)[number]
  date: dayjs.Dayjs
  note?: string
}

const fields = ['amount', 'method', 'date', 'note']

/** Money given to a doctor: it lowers their balance from its day on. */
export function PayoutModal({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation()
  const session = useSignedIn()
  const currency = useCurrency()
  const branchId = useCurrentBranch()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)

  async function save(values: Values) {
    setBusy(true)
    try {
      const note = values.note?.trim()
      await client.service('user-balance-history').create({
        action: 'payout', userId, amount: parseMinor(values.amount) as number, method: values.method, date: dayText(values.date),
        ...(branchId ? { branchId } : {}), ...(note ? { note } : {})
      })
      await refreshStatements()
      toast.success(t('payouts.payoutSaved'))
      onClose()
    } catch (error) {
      const field = fields.find((name) => name === errorPath(error))
      if (field) form.setFields([{ name: field as keyof Values, errors: [errorMessage(error)] }])
      else toastError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title={t('payouts.recordPayout')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('payouts.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'payout-save' }}
      destroyOnHidden
    >
      <Form form={form} name="payout" layout="vertical" requiredMark={false} disabled={busy} onFinish={(values) => void save(values)} initialValues={{ method: 'cash', date: dayjs(companyToday(session.company.timezone)) }}>
        <Form.Item
          name="amount"
          label={`${t('payouts.amount')}, ${currency}`}
          rules={[
            { required: true, message: t('errors.field-required') },
            { validator: async (_, value: string) => { if (value && !parseMinor(value)) throw new Error(t('payouts.amountInvalid')) } }
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" data-testid="payout-amount" />
        </Form.Item>
        <Form.Item name="method" label={t('payouts.method')}>
          <Select data-testid="payout-method" options={payoutMethods.map((method) => ({ value: method, label: t(`payouts.methods.${method}`) }))} />
        </Form.Item>
        <Form.Item name="date" label={t('payouts.date')} rules={[{ required: true, message: t('errors.field-required') }]}>
          <DatePicker format="DD.MM.YYYY" allowClear={false} disabledDate={(day) => day.isAfter(dayjs(companyToday(session.company.timezone)), 'day')} data-testid="payout-date" />
        </Form.Item>
        <Form.Item name="note" label={t('payouts.note')}>
          <Input.TextArea maxLength={MAX_PAYOUT_NOTE} autoSize={{ minRows: 1, maxRows: 4 }} data-testid="payout-note" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
