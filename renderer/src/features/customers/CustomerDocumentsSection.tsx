import { Col, Form, Input, Row } from 'antd'
import { useTranslation } from 'react-i18next'

/** Passport and profession. */
export function CustomerDocumentsSection() {
  const { t } = useTranslation()
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item name="passportNumber" label={t('customer.field.passportNumber')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="profession" label={t('customer.field.profession')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="passportIssuer" label={t('customer.field.passportIssuer')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
    </Row>
  )
}
