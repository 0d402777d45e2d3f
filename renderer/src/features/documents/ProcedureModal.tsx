import { Form, Input, Modal, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { MAX_PROCEDURE_NAME } from '../../../../server/src/services/documents/documents/documents.shared'
import { useServiceCatalogue } from '../appointments/useResources'

export interface ProcedureChoice {
  /** The procedure as printed; absent: the service's name. */
  procedure?: string
  /** The catalogue service the document is for (a consent for it lets the service be marked done). */
  serviceId?: string
}

interface Props {
  kind: 'consent' | 'refusal'
  /** Asked for signing on a tablet rather than for printing. */
  forSigning?: boolean
  busy: boolean
  onPrint: (choice: ProcedureChoice) => void
  onClose: () => void
}

interface Values {
  serviceId?: string
  procedure?: string
}

/**
 * A consent or a refusal names its procedure ("Удаление зуба 38"), which the document prints: a
 * service of the catalogue (searched by name or code; its name is the procedure unless one is
 * typed, and the consent is that service's, docs/decisions/documents-consent-required.md), free
 * text, or both.
 */
export function ProcedureModal({ kind, forSigning = false, busy, onPrint, onClose }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const catalogue = useServiceCatalogue()
  const serviceId = Form.useWatch('serviceId', form)
  const service = catalogue.find((item) => item._id === serviceId)
  const submit = async () => {
    const values = await form.validateFields()
    const procedure = values.procedure?.trim()
    onPrint({ ...(values.serviceId ? { serviceId: values.serviceId } : {}), ...(procedure ? { procedure } : {}) })
  }
  return (
    <Modal
      open
      title={t(`documents.kinds.${kind}`)}
      okText={forSigning ? t('documents.signing.signOnTablet') : t('documents.print')}
      okButtonProps={{ 'data-testid': 'procedure-ok' } as Record<`data-${string}`, string>}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        {catalogue.length > 0 && (
          <Form.Item name="serviceId" label={t('documents.consentService')} extra={t('documents.consentServiceHint')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('documents.consentServicePlaceholder')}
              options={catalogue.map((item) => ({ value: item._id, label: item.code ? `${item.name} (${item.code})` : item.name }))}
              data-testid="document-service"
            />
          </Form.Item>
        )}
        <Form.Item
          name="procedure"
          label={t('documents.procedure')}
          extra={t('documents.procedureHint')}
          rules={[{ required: !serviceId, whitespace: true, message: t('errors.field-required') }]}
        >
          <Input maxLength={MAX_PROCEDURE_NAME} autoFocus placeholder={service?.name} data-testid="document-procedure" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
