import { Col, ColorPicker, Form, Input, InputNumber, Row, Select, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSignedIn } from '../../api/session-store'
import { memberPalette } from '../../components/color'
import { serviceLimits } from './service-form'
import type { ServiceCategory } from './catalogue-types'

interface Props {
  categories: ServiceCategory[]
  /** Duration choices follow the company's duration step (calendar settings). */
  durationStep: number
}

/** The fields of a service, shared by the add/edit drawer and the service's own page. */
export function ServiceFields({ categories, durationStep }: Props) {
  const { t } = useTranslation()
  const { company } = useSignedIn()
  const required = { required: true, message: t('errors.field-required') }
  const minutes = t('common.minutesShort')
  return (
    <>
      <Row gutter={12}>
        <Col xs={24} sm={16}>
          <Form.Item name="name" label={t('services.name')} rules={[{ ...required, whitespace: true }]}>
            <Input maxLength={200} placeholder={t('services.namePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="code" label={t('services.code')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item name="categoryId" label={t('services.category')}>
            <Select
              allowClear
              placeholder={t('services.noCategory')}
              options={categories.map((category) => ({ value: category._id, label: category.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="color" label={t('services.color')}>
            <ColorPicker allowClear disabledAlpha format="hex" presets={[{ label: t('services.palette'), colors: memberPalette }]} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="duration" label={t('services.duration')} rules={[required]}>
            <InputNumber
              min={serviceLimits.durationMin}
              max={serviceLimits.durationMax}
              step={durationStep}
              precision={0}
              suffix={minutes}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="bufferTime" label={t('services.bufferTime')} tooltip={t('services.bufferHint')}>
            <InputNumber min={0} max={serviceLimits.bufferMax} step={5} precision={0} suffix={minutes} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="price" label={t('services.priceIn', { currency: company.currency })} rules={[required]}>
            <InputNumber min={0} precision={2} step={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('services.description')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
          </Form.Item>
        </Col>
      </Row>
      <div className="service-switches">
        <label>
          <Form.Item name="public" valuePropName="checked" noStyle>
            <Switch size="small" />
          </Form.Item>
          <span>
            {t('services.public')}
            <span className="muted service-switch-hint">{t('services.publicHint')}</span>
          </span>
        </label>
        <label>
          <Form.Item name="staticPrice" valuePropName="checked" noStyle>
            <Switch size="small" />
          </Form.Item>
          <span>
            {t('services.staticPrice')}
            <span className="muted service-switch-hint">{t('services.staticPriceHint')}</span>
          </span>
        </label>
        <label>
          <Form.Item name="staticDuration" valuePropName="checked" noStyle>
            <Switch size="small" />
          </Form.Item>
          <span>
            {t('services.staticDuration')}
            <span className="muted service-switch-hint">{t('services.staticDurationHint')}</span>
          </span>
        </label>
        <label>
          <Form.Item name="requiresConsent" valuePropName="checked" noStyle>
            <Switch size="small" data-testid="service-requires-consent" />
          </Form.Item>
          <span>
            {t('services.requiresConsent')}
            <span className="muted service-switch-hint">{t('services.requiresConsentHint')}</span>
          </span>
        </label>
      </div>
    </>
  )
}
