import { useState } from 'react'
import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { useDebounced } from '../../components/useDebounced'
import { titleIn } from '../../../../domain/clinical/codes/titles'

const looksLikeCode = (text: string) => /^[a-z]\d/i.test(text)

/** An ICD-10 code found by its code ("K02") or words of its title, shipped or the company's own. */
export function IcdSelect({ value, onChange, ariaLabel, status }: { value: string; onChange: (code: string) => void; ariaLabel: string; status?: 'error' }) {
  const { t, i18n } = useTranslation()
  const [search, setSearch] = useState('')
  const typed = useDebounced(search.trim(), 250)
  const canSee = useCan('icd', 'view')
  const query = looksLikeCode(typed) ? { code: { $regex: `^${typed.toUpperCase()}`, $options: '' as const } } : { text: typed }
  const found = useFind('icd', { ...query, $limit: 30, $sort: { code: 1 } }, canSee && typed.length > 0).data?.data ?? []
  const options = found.map((entry) => ({ value: entry.code, label: `${entry.code} ${titleIn(entry.titles, i18n.language)}` }))
  if (value && !options.some((option) => option.value === value)) options.unshift({ value, label: value })
  return (
    <Select
      showSearch
      status={status}
      aria-label={ariaLabel}
      value={value || undefined}
      placeholder={t('exam.icdPlaceholder')}
      filterOption={false}
      onSearch={setSearch}
      onChange={(code: string) => onChange(code)}
      options={options}
      notFoundContent={typed ? t('exam.icdNone') : t('exam.icdType')}
      popupMatchSelectWidth={420}
    />
  )
}
