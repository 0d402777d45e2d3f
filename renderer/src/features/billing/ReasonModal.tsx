import { useState } from 'react'
import { Form, Input, Modal, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { errorPath } from '../../api/errors'
import { errorMessage, toast, toastError } from '../../app/toasts'
import { cancelReasons, formFieldOf } from './billing-types'

interface Values {
  reason: (typeof cancelReasons)[number]
  note: string
}

/** Cancel an invoice or a payment: a reason from the list and a note, both required (the activity log keeps them). */
export function ReasonModal({ title, done, onCancel, onClose }: { title: string; done: string; onCancel: (values: Values) => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)

  async function save(values: Values) {
    setBusy(true)
    try {
      await onCancel({ reason: values.reason, note: values.note.trim() })
      toast.success(done)
      onClose()
    } catch (error) {
      const field = formFieldOf(errorPath(error), ['reason', 'note'])
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
      okText={title}
      okButtonProps={{ danger: true, 'data-testid': 'reason-save' }}
      cancelText={t('billing.back')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} name="cancel-reason" layout="vertical" requiredMark={false} disabled={busy} onFinish={(values) => void save(values)} data-testid="reason-form">
        <Form.Item name="reason" label={t('billing.reason')} rules={[{ required: true, message: t('errors.field-required') }]}>
          <Select data-testid="reason-select" options={cancelReasons.map((reason) => ({ value: reason, label: t(`billing.reasons.${reason}`) }))} />
        </Form.Item>
        <Form.Item name="note" label={t('billing.note')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} data-testid="reason-note" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
