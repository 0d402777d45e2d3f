import { Grid, Space, Switch, Tag, Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import type { DictionaryEntry } from './entry-title'

/** The "built-in" mark of a shipped entry. */
export function ShippedTag({ entry }: { entry: Pick<DictionaryEntry, 'shippedKey'> }) {
  const { t } = useTranslation()
  if (!entry.shippedKey) return null
  return (
    <Tooltip title={t('clinicalDictionaries.shippedHint')}>
      <Tag>{t('clinicalDictionaries.shipped')}</Tag>
    </Tooltip>
  )
}

/** Shown in exams or hidden: the one thing a company changes on a shipped entry. */
export function ShownSwitch({ entry, disabled, onChange }: { entry: Pick<DictionaryEntry, 'hidden'>; disabled: boolean; onChange: (hidden: boolean) => void }) {
  const { t } = useTranslation()
  // On a phone the switch alone (the row is narrow); its label stays for screen readers.
  const wide = Grid.useBreakpoint().md
  return (
    <Space size={4}>
      <Switch size="small" checked={!entry.hidden} disabled={disabled} onChange={(shown) => onChange(!shown)} aria-label={t('clinicalDictionaries.shown')} />
      {wide && <span className={entry.hidden ? 'clinical-dictionaries-muted' : undefined}>{entry.hidden ? t('clinicalDictionaries.hidden') : t('clinicalDictionaries.shown')}</span>}
    </Space>
  )
}
