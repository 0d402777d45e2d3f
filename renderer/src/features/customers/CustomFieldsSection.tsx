import { Col, Form, Row } from 'antd'
import type { CustomFieldRecord } from './customer-types'
import { visibleCustomFields } from './custom-fields'
import { CustomFieldInput } from './CustomFieldInput'

/** The company's own fields; one whose show-if condition does not hold is not shown (nor sent). */
export function CustomFieldsSection({ fields }: { fields: CustomFieldRecord[] }) {
  const values = Form.useWatch('customFields') as Record<string, unknown> | undefined
  const shown = visibleCustomFields(fields, values)
  return (
    <Row gutter={12}>
      {shown.map((field) => (
        <Col xs={24} sm={12} key={field._id}>
          <Form.Item name={['customFields', field._id]} label={field.name}>
            <CustomFieldInput field={field} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  )
}
