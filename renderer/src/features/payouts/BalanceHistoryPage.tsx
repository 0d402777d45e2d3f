import { useState } from 'react'
import { Button, Card, Popconfirm, Select, Space, Typography, type ButtonProps } from 'antd'
import { LockOutlined, WalletOutlined } from '@ant-design/icons'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { client } from '../../api/client'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { toast, toastError } from '../../app/toasts'
import { PageHeader } from '../../components/PageHeader'
import { useSignedIn } from '../../api/session-store'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { companyToday } from '../appointments/zoned-time'
import { BalanceTotals } from './BalanceTotals'
import { BalanceLines } from './BalanceLines'
import { PayoutModal } from './PayoutModal'
import { RulesEditor } from './RulesEditor'
import { PeriodPicker } from './PeriodPicker'
import { dayText, refreshStatements, thisMonth, useBalanceStatement, type Period } from './useBalanceStatement'
import './payouts.css'

/**
 * /people/:userId/balanceHistory (finance): a doctor's lines for a period with its totals, the
 * overrides of their percent, recording a payout and closing the period shown.
 */
export default function BalanceHistoryPage() {
  const { t } = useTranslation()
  const session = useSignedIn()
  const format = useFormat()
  const { userId = '' } = useParams()
  const [period, setPeriod] = useState<Period>(() => thisMonth(session.company.timezone))
  const [branchId, setBranchId] = useState<string | undefined>()
  const [paying, setPaying] = useState(false)
  const [closing, setClosing] = useState(false)
  const canCreate = useCan('balance-reports', 'create')
  const canEdit = useCan('balance-reports', 'edit')
  const branches = useFind('branches', { $limit: 200, $sort: { name: 1 } })
  const statement = useBalanceStatement(userId, period, branchId)
  const data = statement.data

  async function closePeriod() {
    setClosing(true)
    try {
      const result = await client.service('user-balance-history').create({ action: 'close', userId, from: dayText(period[0]), to: dayText(period[1]) })
      await refreshStatements()
      toast.success(t('payouts.closedToast', { count: result.lineCount ?? 0 }))
    } catch (error) {
      toastError(error)
    } finally {
      setClosing(false)
    }
  }

  if (statement.error) return <FetchError error={statement.error} onRetry={() => void statement.refetch()} />
  // A period is closed once its last day has come (the server refuses a later one).
  const periodEnded = !period[1].isAfter(dayjs(companyToday(session.company.timezone)), 'day')
  return (
    <>
      <PageHeader
        title={data ? t('payouts.historyTitle', { name: data.name }) : t('payouts.history')}
        subtitle={<Link to="/people/team">{t('nav.team')}</Link>}
        extra={
          <Space wrap>
            {canCreate && (
              <Button icon={<WalletOutlined />} type="primary" onClick={() => setPaying(true)} data-testid="payouts-record">
                {t('payouts.recordPayout')}
              </Button>
            )}
            {canCreate && (
              <Popconfirm
                title={t('payouts.closeConfirm', { from: format.date(`${dayText(period[0])}T12:00:00`), to: format.date(`${dayText(period[1])}T12:00:00`) })}
                description={t('payouts.closeHint')}
                onConfirm={() => void closePeriod()}
                okText={t('payouts.close')}
                cancelText={t('common.cancel')}
                okButtonProps={{ 'data-testid': 'payouts-close-confirm' } as ButtonProps}
              >
                <Button icon={<LockOutlined />} loading={closing} disabled={!periodEnded} data-testid="payouts-close">
                  {t('payouts.close')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      />
      <Card>
        <div className="payouts-filters">
          <PeriodPicker period={period} onChange={setPeriod} />
          {(branches.data?.data.length ?? 0) > 1 && (
            <Select allowClear value={branchId} onChange={setBranchId} placeholder={t('payouts.allBranches')} aria-label={t('payouts.branch')} options={(branches.data?.data ?? []).map((branch) => ({ value: branch._id, label: branch.name }))} />
          )}
        </div>
        {data && (
          <div className="payouts-meta" data-testid="payouts-meta">
            {[
              t('payouts.defaultPercent', { percent: data.revenuePercent }),
              t(`payouts.bases.${data.payoutBase}`),
              data.closedUntil ? t('payouts.closedUntil', { date: format.date(`${data.closedUntil}T12:00:00`) }) : t('payouts.nothingClosed')
            ].join(' · ')}
          </div>
        )}
        {data && <BalanceTotals statement={data} />}
        <BalanceLines lines={data?.lines ?? []} loading={statement.isLoading} linkPatients />
      </Card>
      {data && (
        <Card className="payouts-section" title={t('payouts.rules')}>
          <RulesEditor key={JSON.stringify(data.rules)} userId={userId} rules={data.rules} revenuePercent={data.revenuePercent} canEdit={canEdit} />
        </Card>
      )}
      {data && data.periods.length > 0 && (
        <Card className="payouts-section" title={t('payouts.periods')}>
          {data.periods.map((closed) => (
            <Typography.Paragraph key={closed._id} className="payouts-nowrap">
              {format.date(`${closed.from}T12:00:00`)} — {format.date(`${closed.to}T12:00:00`)}
            </Typography.Paragraph>
          ))}
        </Card>
      )}
      {paying && <PayoutModal userId={userId} onClose={() => setPaying(false)} />}
    </>
  )
}
