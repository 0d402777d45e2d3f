import { Checkbox, Popover, Segmented, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { emptyTooth, type PerioToothEntry } from '../../../../domain/clinical/perio'
import { formatTooth, isMultiRooted, type FdiTooth, type ToothNumbering } from '../../../../domain/clinical/teeth'

interface Props {
  tooth: FdiTooth
  numbering: ToothNumbering
  entry: PerioToothEntry | undefined
  editable: boolean
  onChange?: (entry: PerioToothEntry) => void
}

const grades = ['none', 0, 1, 2, 3] as const

/**
 * A tooth's number in the grid; on a draft it opens the tooth's own values: missing (skipped by
 * entry, its values cleared), implant, mobility 0-3 and, on a multi-rooted tooth, furcation 0-3.
 */
export function PerioToothButton({ tooth, numbering, entry, editable, onChange }: Props) {
  const { t } = useTranslation()
  const label = formatTooth(tooth, numbering)
  const current = entry ?? emptyTooth(tooth)
  const name = t('clinical.tooth.label', { number: label })
  if (!editable || !onChange) {
    return <span className="perio-tooth-number" title={current.implant ? t('perio.implant') : undefined}>{label}{current.implant ? <sup>i</sup> : null}</span>
  }
  const grade = (field: 'mobility' | 'furcation') => (
    <div>
      <Typography.Text type="secondary">{t(`clinical.perio.field.${field}`)}</Typography.Text>
      <Segmented<(typeof grades)[number]>
        size="small"
        block
        aria-label={`${name}: ${t(`clinical.perio.field.${field}`)}`}
        value={(current[field] ?? 'none') as (typeof grades)[number]}
        onChange={(value) => onChange({ ...current, [field]: value === 'none' ? null : value })}
        options={grades.map((value) => ({ value, label: value === 'none' ? '—' : String(value) }))}
      />
    </div>
  )
  const content = (
    <Space direction="vertical" size={8} style={{ width: 200 }}>
      <Checkbox checked={current.missing === true} onChange={(event) => onChange(event.target.checked ? emptyTooth(tooth, true) : { ...emptyTooth(tooth), implant: current.implant })}>
        {t('perio.missing')}
      </Checkbox>
      {!current.missing && (
        <>
          <Checkbox checked={current.implant === true} onChange={(event) => onChange({ ...current, implant: event.target.checked })}>{t('perio.implant')}</Checkbox>
          {grade('mobility')}
          {isMultiRooted(tooth) && grade('furcation')}
        </>
      )}
    </Space>
  )
  return (
    <Popover trigger="click" content={content} title={name} destroyOnHidden>
      <button type="button" className="perio-tooth-number" aria-label={t('perio.toothSettings', { tooth: label })}>
        {label}{current.implant ? <sup>i</sup> : null}
      </button>
    </Popover>
  )
}
