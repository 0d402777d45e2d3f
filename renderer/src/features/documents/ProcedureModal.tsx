import { Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { MAX_PROCEDURE_NAME } from '../../../../server/src/services/documents/documents/documents.shared'

interface Props {
  kind: 'consent' | 'refusal'
  /** Asked for signing on a tablet rather than for printing. */
  forSigning?: boolean
  busy: boolean
  onPrint: (procedure: string) => void
  onClose: () => void
}

/** A consent or a refusal names its procedure ("Удаление зуба 38"), which the document prints. */
export function ProcedureModal({ kind, forSigning = false, busy, onPrint, onClose }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ procedure: string }>()
  return (
    <Modal
      open
      title={t(`documents.kinds.${kind}`)}
      okText={forSigning ? t('documents.signing.signOnTablet') : t('documents.print')}
      okButtonProps={{ 'data-testid': 'procedure-ok' } as Record<`data-${string}`, string>}
      confirmLoading={busy}
      onOk={() => void form.validateFields().then(({ procedure }) => onPrint(procedure.trim()))}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="procedure" label={t('documents.procedure')} extra={t('documents.procedureHint')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
          <Input maxLength={MAX_PROCEDURE_NAME} autoFocus data-testid="document-procedure" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
