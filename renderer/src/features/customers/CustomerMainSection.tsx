import { Col, ColorPicker, DatePicker, Form, Input, Row, Select } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { useCustomerRules } from './useCustomerRules'
import { datePickerFormat } from './customer-form'
import { customerPalette } from '../../../../domain/customers/colors'

/** Names, gender, birth date and colour. */
export function CustomerMainSection() {
  const { t, i18n } = useTranslation()
  const rules = useCustomerRules()
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item name="last_name" label={t('customer.field.lastName')} rules={rules.lastName}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="first_name" label={t('customer.field.firstName')} rules={rules.firstName}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="middle_name" label={t('customer.field.middleName')}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="birthdate" label={t('customer.field.birthdate')}>
          {/* Spec: a birth date is never in the future. */}
          <DatePicker style={{ width: '100%' }} format={datePickerFormat(i18n.language)} disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="gender" label={t('customer.field.gender')}>
          <Select
            allowClear
            options={[
              { value: 'female', label: t('customer.gender.female') },
              { value: 'male', label: t('customer.gender.male') }
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="color" label={t('customer.field.color')} extra={t('customer.colorHint')}>
          <ColorPicker
            disabledAlpha
            format="hex"
            presets={[{ label: t('customer.field.color'), colors: [...customerPalette] }]}
            showText={(color) => (color.cleared ? t('customer.colorAuto') : color.toHexString().toUpperCase())}
            allowClear
          />
        </Form.Item>
      </Col>
    </Row>
  )
}
