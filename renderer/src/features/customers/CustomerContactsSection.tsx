import { Col, Form, Input, Row } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCustomerRules } from './useCustomerRules'

/** Phone, e-mail, address and Telegram. Under phone protection the phone stays hidden and untouched. */
export function CustomerContactsSection({ phoneHidden }: { phoneHidden: boolean }) {
  const { t } = useTranslation()
  const rules = useCustomerRules()
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        {phoneHidden ? (
          <Form.Item label={t('customer.field.phone')} extra={t('customers.phoneHiddenHint')}>
            <Input disabled prefix={<LockOutlined />} value={t('customers.phoneHidden')} />
          </Form.Item>
        ) : (
          <Form.Item name="phone" label={t('customer.field.phone')} rules={rules.phone} validateDebounce={300}>
            <Input type="tel" inputMode="tel" placeholder="+998(90) 123-45-67" autoComplete="off" />
          </Form.Item>
        )}
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="email" label={t('customer.field.email')} rules={rules.email} validateDebounce={300}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="telegramAccount" label={t('customer.field.telegramAccount')}>
          <Input prefix="@" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="address" label={t('customer.field.address')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
    </Row>
  )
}
