import { useState, type ReactNode } from 'react'
import { Form, Modal, type FormInstance } from 'antd'
import { useTranslation } from 'react-i18next'
import { showServerError } from '../../components/form-errors'
import { toast } from '../../app/toasts'

interface Props<T> {
  open: boolean
  title: string
  form: FormInstance<T>
  /** Form fields the server may name in an error. */
  fields: string[]
  onSave: (values: T) => Promise<unknown>
  onClose: () => void
  children: ReactNode
}

/** The add/edit dialog of a dictionary entry: saves, shows the server's field errors, closes. */
export function EntryModal<T extends object>({ open, title, form, fields, onSave, onClose, children }: Props<T>) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)

  async function submit(values: T) {
    setBusy(true)
    try {
      await onSave(values)
      toast.success(t('common.saved'))
      onClose()
    } catch (error) {
      showServerError(form, error, fields)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open={open} title={title} onCancel={onClose} onOk={() => form.submit()} okText={t('common.save')} cancelText={t('common.cancel')} confirmLoading={busy} destroyOnHidden forceRender>
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        {children}
      </Form>
    </Modal>
  )
}
