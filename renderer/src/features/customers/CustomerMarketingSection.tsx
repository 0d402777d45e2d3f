import { Checkbox, Col, Form, Row, Select, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { notificationChannels, type SourceRecord, type TagRecord } from './customer-types'
import { serviceLanguages } from './customer-form'
import { useCustomerRules } from './useCustomerRules'

interface Props {
  tags: TagRecord[]
  sources: SourceRecord[]
  sourceRequired: boolean
}

/** Where the customer came from, their tags, how and in which language to reach them, and consents. */
export function CustomerMarketingSection({ tags, sources, sourceRequired }: Props) {
  const { t } = useTranslation()
  const rules = useCustomerRules()
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item name="sourceId" label={t('customer.field.source')} rules={sourceRequired ? rules.required : undefined}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={sources.map((source) => ({ value: source._id, label: source.name }))} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="serviceLanguage" label={t('customer.field.serviceLanguage')}>
          <Select allowClear options={serviceLanguages} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="tagIds" label={t('customer.field.tags')}>
          <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} options={tags.map((tag) => ({ value: tag._id, label: tag.name }))} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="notificationChannels" label={t('customer.field.notificationChannels')}>
          <Checkbox.Group options={notificationChannels.map((channel) => ({ value: channel, label: t(`customer.channel.${channel}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="smsConsent" label={t('customer.field.smsConsent')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="promoSmsConsent" label={t('customer.field.promoSmsConsent')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
    </Row>
  )
}
