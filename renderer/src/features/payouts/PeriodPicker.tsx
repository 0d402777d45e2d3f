import { DatePicker } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Period } from './useBalanceStatement'

/** The days a statement covers: both ends always set (a statement has no open-ended period). */
export function PeriodPicker({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const { t } = useTranslation()
  return (
    <DatePicker.RangePicker
      value={period}
      allowClear={false}
      onChange={(range) => range && range[0] && range[1] && onChange([range[0], range[1]])}
      format="DD.MM.YYYY"
      aria-label={t('payouts.period')}
      data-testid="payouts-period"
    />
  )
}
