import { DatePicker, Input, InputNumber, Select } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { optionFieldTypes, type CustomField } from './custom-field'

interface Props {
  field: CustomField | undefined
  value?: string | number | boolean
  onChange?: (next: string | number | boolean | undefined) => void
  id?: string
}

/** The value the other field must have, entered the way that field's type takes it. */
export function ShowIfValue({ field, value, onChange, id }: Props) {
  const { t } = useTranslation()
  const label = t('customFields.showIfValue')
  if (field && optionFieldTypes.includes(field.type)) {
    return <Select id={id} aria-label={label} value={value as string | undefined} onChange={onChange} options={field.values.map((option) => ({ value: option, label: option }))} />
  }
  if (field?.type === 'checkbox') {
    return (
      <Select
        id={id}
        aria-label={label}
        value={value as boolean | undefined}
        onChange={onChange}
        options={[
          { value: true, label: t('customFields.yes') },
          { value: false, label: t('customFields.no') }
        ]}
      />
    )
  }
  if (field?.type === 'number') {
    return <InputNumber id={id} aria-label={label} value={value as number | undefined} onChange={(next) => onChange?.(next ?? undefined)} style={{ width: '100%' }} />
  }
  if (field?.type === 'date') {
    return (
      <DatePicker
        id={id}
        aria-label={label}
        value={typeof value === 'string' && value ? dayjs(value) : null}
        onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : undefined)}
        style={{ width: '100%' }}
      />
    )
  }
  return <Input id={id} aria-label={label} value={(value as string | undefined) ?? ''} onChange={(event) => onChange?.(event.target.value)} />
}
