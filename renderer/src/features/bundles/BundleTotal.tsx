import { useTranslation } from 'react-i18next'
import type { RecordOf } from '../../api/live'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { durationLabel } from '../appointments/duration-label'
import { linesTotals } from './plan-drafts'

/** Total price and duration of lines at today's catalogue prices. */
export function BundleTotal({ lines, catalogue, testId }: { lines: ReadonlyArray<{ serviceId: string; quantity: number }>; catalogue: ReadonlyArray<RecordOf<'service'>>; testId?: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const totals = linesTotals(lines, catalogue)
  return (
    <div className="bundles-total" data-testid={testId} title={t('bundles.totalHint')}>
      <strong>{t('bundles.total')}</strong>
      <span>
        {durationLabel(t, totals.duration)} · <strong>{format.money(totals.price, currency)}</strong>
      </span>
    </div>
  )
}
