import { useEffect } from 'react'
import { Col, Form, Input, Modal, Row, Select, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, usePatch } from '../../api/live'
import { errorPath } from '../../api/errors'
import { errorMessage, toastError } from '../../app/toasts'
import { useSaveAndClose } from '../../components/useSaveAndClose'
import { customFieldTypes, optionFieldTypes, type CustomField} from './custom-field'
import { formFieldOfPath, fromForm, toForm, type CustomFieldFormValues } from './custom-field-form'
import { CustomFieldOptions } from './CustomFieldOptions'
import { ShowIfValue } from './ShowIfValue'

interface Props {
  /** The field being edited, 'new' for a new one; null keeps the dialog closed. */
  editing: CustomField | 'new' | null
  fields: CustomField[]
  onClose: () => void
}

/** Create or edit a custom field: name, type, options, show-if condition, profile card. */
export function CustomFieldModal({ editing, fields, onClose }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<CustomFieldFormValues>()
  const createField = useCreate('fields')
  const patchField = usePatch('fields')
  const { busy, run } = useSaveAndClose(onClose, (error) => {
    // The server names the stored field (say `options`); the form shows it at its own input.
    const path = errorPath(error)
    const at = path ? formFieldOfPath[path] : undefined
    if (at) form.setFields([{ name: at, errors: [errorMessage(error)] }])
    else toastError(error)
  })
  const field = editing === 'new' ? null : editing
  const type = Form.useWatch('type', form)
  const showIfFieldId = Form.useWatch('showIfFieldId', form)
  // A condition may name any other field; never the field itself.
  const others = fields.filter((item) => item._id !== field?._id)
  const conditionField = others.find((item) => item._id === showIfFieldId)

  useEffect(() => {
    if (editing) form.setFieldsValue(toForm(field))
    // Fill the form once per opening, not on every live update of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing])

  function save(values: CustomFieldFormValues) {
    return run(() => (field ? patchField(field._id, fromForm(values, false)) : createField(fromForm(values, true))))
  }

  return (
    <Modal
      open={editing !== null}
      title={field ? t('customFields.editTitle') : t('customFields.newTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={save} requiredMark={false} data-testid="field-form">
        <Row gutter={12}>
          <Col xs={24} sm={14}>
            <Form.Item name="name" label={t('customFields.name')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name="type" label={t('customFields.type')} tooltip={field ? t('customFields.typeFixed') : undefined}>
              <Select disabled={Boolean(field)} options={customFieldTypes.map((value) => ({ value, label: t(`customFields.types.${value}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        {type && optionFieldTypes.includes(type) && (
          <Form.Item
            name="values"
            label={t('customFields.options')}
            extra={t('customFields.optionsHint')}
            rules={[{ type: 'array', min: 1, required: true, message: t('errors.custom-field-values-required') }]}
          >
            <CustomFieldOptions />
          </Form.Item>
        )}
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="showIfFieldId" label={t('customFields.showIf')} extra={t('customFields.showIfHint')}>
              <Select
                allowClear
                placeholder={t('customFields.always')}
                options={others.map((item) => ({ value: item._id, label: item.name }))}
                onChange={() => form.setFieldValue('showIfValue', undefined)}
              />
            </Form.Item>
          </Col>
          {showIfFieldId && (
            <Col xs={24} sm={12}>
              <Form.Item name="showIfValue" label={t('customFields.showIfValue')} rules={[{ required: true, message: t('errors.field-required') }]}>
                <ShowIfValue field={conditionField} />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Form.Item name="useInProfileCard" valuePropName="checked" label={t('customFields.inProfileCard')} extra={t('customFields.inProfileCardHint')}>
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  )
}
