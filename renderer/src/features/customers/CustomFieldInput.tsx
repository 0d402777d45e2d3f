import { Checkbox, DatePicker, Input, InputNumber, Select } from 'antd'
import { MAX_CUSTOM_TEXT_LENGTH } from '../../../../domain/customers/custom-fields'
import { useTranslation } from 'react-i18next'
import type { CustomFieldRecord } from './customer-types'
import { datePickerFormat } from './customer-form'

/** The input for one custom field by its type; antd's Form.Item passes value and onChange through. */
export function CustomFieldInput({ field, ...control }: { field: CustomFieldRecord; value?: unknown; onChange?: (value: unknown) => void; id?: string }) {
  const { i18n } = useTranslation()
  const options = (field.values ?? []).map((value) => ({ value, label: value }))
  const props = control as Record<string, unknown>
  switch (field.type) {
    case 'number':
      return <InputNumber style={{ width: '100%' }} {...props} />
    case 'date':
      return <DatePicker style={{ width: '100%' }} format={datePickerFormat(i18n.language)} {...props} />
    case 'select':
      return <Select allowClear options={options} {...props} />
    case 'multiselect':
      return <Select mode="multiple" allowClear options={options} {...props} />
    case 'checkbox':
      return <Checkbox checked={Boolean(control.value)} onChange={(event) => control.onChange?.(event.target.checked)} id={control.id} />
    default:
      return <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} maxLength={MAX_CUSTOM_TEXT_LENGTH} {...props} />
  }
}
