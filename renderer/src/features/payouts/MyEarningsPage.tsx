import { useState } from 'react'
import { Card } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../components/PageHeader'
import { useSignedIn } from '../../api/session-store'
import { FetchError } from '../../components/FetchError'
import { BalanceTotals } from './BalanceTotals'
import { BalanceLines } from './BalanceLines'
import { PeriodPicker } from './PeriodPicker'
import { thisMonth, useBalanceStatement, type Period } from './useBalanceStatement'
import './payouts.css'

/**
 * /my-earnings: the signed-in doctor's own lines and totals for a period (this month first),
 * whatever branch is current: the server answers only one's own statement here.
 */
export default function MyEarningsPage() {
  const { t } = useTranslation()
  const session = useSignedIn()
  const [period, setPeriod] = useState<Period>(() => thisMonth(session.company.timezone))
  const statement = useBalanceStatement(undefined, period)
  if (statement.error) return <FetchError error={statement.error} onRetry={() => void statement.refetch()} />
  return (
    <>
      <PageHeader title={t('payouts.myEarnings')} subtitle={t('payouts.myEarningsText')} />
      <Card>
        <div className="payouts-filters">
          <PeriodPicker period={period} onChange={setPeriod} />
        </div>
        {statement.data && <BalanceTotals statement={statement.data} />}
        <BalanceLines lines={statement.data?.lines ?? []} loading={statement.isLoading} linkPatients={false} />
      </Card>
    </>
  )
}
