import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import { fieldLabelKey, type Change } from './activity-entry'
import { codeKey, valueText, type Lookups } from './activity-values'

const SHOWN = 6

/** "Field: from → to" per changed field ("Field: value" for a new record); a long list ends with how many more. */
export function ActivityChanges({ service, changes, lookups }: { service: string; changes: Change[]; lookups: Lookups }) {
  const { t } = useTranslation()
  const format = useFormat()
  if (changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>
  const texts = {
    yes: t('activity.yes'),
    no: t('activity.no'),
    date: format.date,
    dateTime: format.dateTime,
    minutes: (count: number) => t('booking.minutes', { count }),
    gone: t('activity.gone'),
    code: (of: string, field: string, code: string) => {
      const key = codeKey(of, field, code)
      return key ? t(key) : null
    }
  }
  const value = (change: Change, raw: unknown) => valueText(change.field, raw, lookups, texts, service)
  const swatch = (change: Change, raw: unknown) =>
    change.field === 'color' && typeof raw === 'string' && /^#[0-9a-f]{6}$/i.test(raw) ? <span className="color-dot" style={{ background: raw }} /> : null
  return (
    <ul className="activity-changes">
      {changes.slice(0, SHOWN).map((change) => (
        <li key={`${change.parent ?? ''}.${change.field}`}>
          <span className="activity-field">{t(fieldLabelKey(change))}</span>
          {': '}
          {change.kind === 'changed' && (
            <>
              <span className="activity-from">
                {swatch(change, change.from)}
                {value(change, change.from)}
              </span>
              {' → '}
            </>
          )}
          <span className="activity-to">
            {swatch(change, change.to)}
            {value(change, change.to)}
          </span>
        </li>
      ))}
      {changes.length > SHOWN && <li className="activity-more">{t('activity.more', { count: changes.length - SHOWN })}</li>}
    </ul>
  )
}
