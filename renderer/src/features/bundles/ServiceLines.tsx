import { Button, Form, InputNumber, Select } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { RecordOf } from '../../api/live'
import { BUNDLE_LIMITS } from '../../../../server/src/services/catalogue/bundle/bundle.shared'

type CatalogueService = RecordOf<'service'>

interface Props {
  /** The form list's name: `items`, or `[phaseIndex, 'items']` inside a phase. */
  name: string | Array<string | number>
  /** Every service of the catalogue (archived ones are offered only where a line already has them). */
  catalogue: readonly CatalogueService[]
  /** A bundle needs a line; a template phase may have only a bundle. */
  required?: boolean
  testId?: string
}

/** Lines of services with quantities, as a bundle or a template phase holds them. */
export function ServiceLines({ name, catalogue, required = false, testId }: Props) {
  const { t } = useTranslation()
  const options = (current: string | undefined) =>
    catalogue
      .filter((service) => !service.archived || service._id === current)
      .map((service) => ({ value: service._id, label: service.code ? `${service.code} · ${service.name}` : service.name }))
  return (
    <Form.List
      name={name}
      rules={required ? [{ validator: async (_, lines?: unknown[]) => { if (!lines || lines.length === 0) throw new Error(t('bundles.noServices')) } }] : undefined}
    >
      {(fields, { add, remove }, { errors }) => (
        <div data-testid={testId}>
          {fields.map((field) => (
            <div key={field.key} className="bundles-line">
              <Form.Item noStyle shouldUpdate>
                {(form) => {
                  const current = form.getFieldValue([...(Array.isArray(name) ? name : [name]), field.name, 'serviceId']) as string | undefined
                  return (
                    <Form.Item name={[field.name, 'serviceId']} rules={[{ required: true, message: t('bundles.chooseService') }]}>
                      <Select showSearch={{ optionFilterProp: 'label' }} placeholder={t('bundles.chooseService')} options={options(current)} aria-label={t('bundles.service')} />
                    </Form.Item>
                  )
                }}
              </Form.Item>
              <Form.Item name={[field.name, 'quantity']} rules={[{ required: true, message: t('bundles.quantity') }]}>
                <InputNumber min={1} max={BUNDLE_LIMITS.quantity} precision={0} style={{ width: '100%' }} aria-label={t('bundles.quantity')} />
              </Form.Item>
              <Button icon={<DeleteOutlined />} aria-label={t('bundles.removeLine')} onClick={() => remove(field.name)} />
            </div>
          ))}
          <Form.ErrorList errors={errors} />
          {fields.length < BUNDLE_LIMITS.items && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })} block style={{ marginBottom: 12 }}>
              {t('bundles.addService')}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  )
}
