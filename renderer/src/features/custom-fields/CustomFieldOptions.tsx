import { Select } from 'antd'
import { useTranslation } from 'react-i18next'

/** The choices of a select field: type one and press Enter; each can be removed again. */
export function CustomFieldOptions({ value, onChange, id }: { value?: string[]; onChange?: (next: string[]) => void; id?: string }) {
  const { t } = useTranslation()
  return (
    <Select
      id={id}
      mode="tags"
      open={false}
      value={value ?? []}
      onChange={(next: string[]) => onChange?.([...new Set(next.map((option) => option.trim()).filter(Boolean))])}
      placeholder={t('customFields.optionsPlaceholder')}
      tokenSeparators={[',']}
      suffixIcon={null}
      data-testid="field-options"
    />
  )
}
