import type { ReactNode } from 'react'
import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'

/** The patient's balance and debt, large, with the tab's main actions beside them. */
export function MoneySummary({ balance, debt, actions }: { balance: number; debt: number; actions?: ReactNode }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  return (
    <div className="billing-summary" data-testid="billing-summary">
      <div className="billing-figure">
        <Typography.Text type="secondary">{t('billing.balance')}</Typography.Text>
        <span className="billing-figure-value" data-testid="billing-balance">{format.money(balance, currency)}</span>
      </div>
      <div className="billing-figure">
        <Typography.Text type="secondary">{t('billing.debt')}</Typography.Text>
        <span className={`billing-figure-value${debt > 0 ? ' billing-debt' : ''}`} data-testid="billing-debt">{format.money(debt, currency)}</span>
      </div>
      {actions && <div className="billing-summary-actions">{actions}</div>}
    </div>
  )
}
