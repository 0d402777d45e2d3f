import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { kindLabel, trashKinds } from './trash-kinds'

/** Which kind of deleted record to list; empty means all kinds. */
export function TrashKindFilter({ value, onChange }: { value: string | undefined; onChange: (kind: string | undefined) => void }) {
  const { t } = useTranslation()
  return (
    <Select
      allowClear
      value={value}
      onChange={(kind) => onChange(kind ?? undefined)}
      placeholder={t('trash.allKinds')}
      aria-label={t('trash.kind')}
      data-testid="trash-kind"
      style={{ width: 220, maxWidth: '100%' }}
      options={trashKinds.map((kind) => ({ value: kind, label: kindLabel(t, kind) }))}
    />
  )
}
