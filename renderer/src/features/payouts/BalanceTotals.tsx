import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import type { BalanceStatement } from '../../../../server/src/services/billing/user-balance-history/user-balance-history.shared'

/** The period's figures: earned base and share, paid out, the balance at its end (and before it). */
export function BalanceTotals({ statement }: { statement: BalanceStatement }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const money = (minor: number) => format.money(minor, currency)
  const figures: Array<[string, number, string]> = [
    ['base', statement.base, t('payouts.base')],
    ['share', statement.share, t('payouts.share')],
    ['paidOut', statement.paidOut, t('payouts.paidOut')],
    ['balance', statement.balance, t('payouts.balance')]
  ]
  return (
    <div className="payouts-totals" data-testid="payouts-totals" aria-live="polite">
      {figures.map(([key, value, label]) => (
        <div key={key} className={`payouts-figure payouts-figure-${key}`} data-testid={`payouts-total-${key}`}>
          <span className="payouts-figure-label">{label}</span>
          <strong>{money(value)}</strong>
        </div>
      ))}
      {statement.opening !== 0 && <div className="payouts-opening">{t('payouts.opening', { amount: money(statement.opening) })}</div>}
    </div>
  )
}
