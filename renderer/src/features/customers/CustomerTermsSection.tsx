import { Col, Form, InputNumber, Row, Switch } from 'antd'
import { useTranslation } from 'react-i18next'

/** The discount and the blacklist flag (blacklisted customers cannot book online). */
export function CustomerTermsSection() {
  const { t } = useTranslation()
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item name="discount" label={t('customer.field.discount')}>
          <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="blacklisted" label={t('customer.field.blacklisted')} valuePropName="checked" extra={t('customer.blacklistHint')}>
          <Switch />
        </Form.Item>
      </Col>
    </Row>
  )
}
