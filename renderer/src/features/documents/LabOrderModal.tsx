import { DatePicker, Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Dayjs } from 'dayjs'
import type { DocumentLabOrder } from '../../../../domain/documents/context'
import { MAX_LAB_FIELD } from '../../../../server/src/services/documents/documents/documents.shared'

/** What the order prints: the context's lab order (domain/documents/context.ts). */
export type LabOrderFields = DocumentLabOrder

interface Props {
  busy: boolean
  onPrint: (order: LabOrderFields) => void
  onClose: () => void
}

const text = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined)

/** A lab work order: what the lab makes, for which teeth, in which shade and material, by when. */
export function LabOrderModal({ busy, onPrint, onClose }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Omit<LabOrderFields, 'dueDate'> & { dueDate?: Dayjs }>()
  const required = [{ required: true, whitespace: true, message: t('errors.field-required') }]
  const submit = async () => {
    const values = await form.validateFields()
    onPrint({
      lab: values.lab.trim(),
      work: values.work.trim(),
      teeth: values.teeth?.trim() ?? '',
      shade: text(values.shade),
      material: text(values.material),
      dueDate: values.dueDate?.format('YYYY-MM-DD'),
      notes: text(values.notes)
    })
  }
  return (
    <Modal open title={t('documents.kinds.lab-order')} okText={t('documents.print')} confirmLoading={busy} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="lab" label={t('documents.lab.lab')} rules={required}>
          <Input maxLength={MAX_LAB_FIELD} autoFocus data-testid="lab-name" />
        </Form.Item>
        <Form.Item name="work" label={t('documents.lab.work')} rules={required}>
          <Input maxLength={MAX_LAB_FIELD} data-testid="lab-work" />
        </Form.Item>
        <Form.Item name="teeth" label={t('documents.lab.teeth')}>
          <Input maxLength={MAX_LAB_FIELD} />
        </Form.Item>
        <Form.Item name="shade" label={t('documents.lab.shade')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="material" label={t('documents.lab.material')}>
          <Input maxLength={MAX_LAB_FIELD} />
        </Form.Item>
        <Form.Item name="dueDate" label={t('documents.lab.dueDate')}>
          <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="notes" label={t('documents.lab.notes')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
