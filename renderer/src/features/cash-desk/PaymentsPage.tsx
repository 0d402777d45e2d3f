import './cash-desk.css'
import { useMemo, useState } from 'react'
import { Card, DatePicker, Select, Table, Tag, Typography } from 'antd'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { remoteService, useFind, useLive } from '../../api/live'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { customerName } from '../customers/customer-name'
import { useCustomersById } from '../waiting-list/useLookups'
import { useSignedIn } from '../../api/session-store'
import { clinicTodayRange } from '../appointments/clinic-ranges'
import { paymentMethods, paymentQuery, paymentStatuses, paymentTotals, type Payment, type PaymentFilter } from './payments-query'
import { zPaymentsPath } from './cash-desk-types'

const PAGE_SIZE = 50
/** The totals read every matching payment, a page of 200 at a time, up to this many (a busy clinic's month). */
const TOTALS_PAGE = 200
const TOTALS_MAX = 5000

/** Every payment the query matches (for the totals), or null when there are more than TOTALS_MAX. */
async function allMatching(query: ReturnType<typeof paymentQuery>): Promise<Payment[] | null> {
  const rows: Payment[] = []
  for (let skip = 0; ; skip += TOTALS_PAGE) {
    const page = await remoteService('transactions').find({ query: { ...query, $limit: TOTALS_PAGE, $skip: skip, $sort: { _id: 1 }, $select: ['_id', 'kind', 'method', 'amount', 'status'] } })
    if (page.total > TOTALS_MAX) return null
    rows.push(...page.data)
    if (page.data.length < TOTALS_PAGE || rows.length >= page.total) return rows
  }
}

/**
 * /company/payments: the company's payments and refunds, newest first, by days (today by
 * default), branch, method and status, with the patient, the amount in the company currency, the
 * method, the status and the cash desk shift that took it; above, what the filtered days add up
 * to, by method.
 */
export default function PaymentsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const timeZone = useSignedIn().company.timezone
  const [filter, setFilter] = useState<PaymentFilter>(() => ({ range: clinicTodayRange(timeZone) }))
  const [page, setPage] = useState(1)
  const where = paymentQuery(filter, timeZone)
  useLive('transactions')
  const list = useFind('transactions', { ...where, $limit: PAGE_SIZE, $skip: (page - 1) * PAGE_SIZE, $sort: { date: -1, _id: -1 } })
  const totals = useQuery({ queryKey: ['transactions', 'find', 'totals', where], queryFn: () => allMatching(where), placeholderData: keepPreviousData })
  const branches = useFind('branches', { $limit: 200, $sort: { name: 1 } })
  const rows = useMemo(() => list.data?.data ?? [], [list.data])
  const customers = useCustomersById(useMemo(() => rows.map((payment) => payment.customerId), [rows]))
  const shiftIds = useMemo(() => [...new Set(rows.map((payment) => payment.shiftId).filter((id): id is string => Boolean(id)))].sort(), [rows])
  const shifts = useFind(zPaymentsPath, { _id: { $in: shiftIds }, $limit: Math.max(shiftIds.length, 1), $select: ['_id', 'desk', 'openedAt'] }, shiftIds.length > 0)
  const shiftOf = useMemo(() => new Map((shifts.data?.data ?? []).map((shift) => [shift._id, shift])), [shifts.data])
  const branchName = useMemo(() => new Map((branches.data?.data ?? []).map((branch) => [branch._id, branch.name])), [branches.data])
  const money = (minor: number) => format.money(minor, currency)
  const sums = totals.data ? paymentTotals(totals.data) : null

  function change(next: Partial<PaymentFilter>) {
    setFilter((current) => ({ ...current, ...next }))
    setPage(1)
  }

  const shiftText = (payment: Payment) => {
    if (!payment.shiftId) return '—'
    const shift = shiftOf.get(payment.shiftId)
    return shift ? `${shift.desk || t('cashDesk.mainDesk')} · ${format.date(shift.openedAt)}` : '…'
  }

  if (list.error) return <FetchError error={list.error} onRetry={() => void list.refetch()} />
  const statusTag = (payment: Payment) => (
    <Tag color={payment.status === 'cancelled' ? 'default' : payment.status === 'success' ? 'green' : 'blue'}>{t(`billing.statuses.${payment.status}`)}</Tag>
  )

  return (
    <>
      <PageHeader title={t('cashDesk.paymentsTitle')} subtitle={<>{t('cashDesk.paymentsSubtitle')} · <Link to="/company/z-payments">{t('cashDesk.title')}</Link></>} />
      <Card className="cash-payments">
        <div className="cash-filters">
          <DatePicker.RangePicker
            value={filter.range ?? null}
            onChange={(range) => change({ range: range && range[0] && range[1] ? [range[0], range[1]] : null })}
            format="DD.MM.YYYY"
            aria-label={t('cashDesk.dates')}
            data-testid="payments-filter-dates"
          />
          {(branches.data?.data.length ?? 0) > 1 && (
            <Select allowClear value={filter.branchId} onChange={(branchId?: string) => change({ branchId })} placeholder={t('cashDesk.allBranches')} aria-label={t('cashDesk.branch')} data-testid="payments-filter-branch" options={(branches.data?.data ?? []).map((branch) => ({ value: branch._id, label: branch.name }))} />
          )}
          <Select allowClear value={filter.method} onChange={(method?: PaymentFilter['method']) => change({ method })} placeholder={t('cashDesk.allMethods')} aria-label={t('cashDesk.method')} data-testid="payments-filter-method" options={paymentMethods.map((value) => ({ value, label: t(`billing.methods.${value}`) }))} />
          <Select allowClear value={filter.status} onChange={(status?: PaymentFilter['status']) => change({ status })} placeholder={t('cashDesk.allStatuses')} aria-label={t('cashDesk.status')} data-testid="payments-filter-status" options={paymentStatuses.map((value) => ({ value, label: t(`billing.statuses.${value}`) }))} />
        </div>
        <div className="cash-totals" data-testid="payments-totals" aria-live="polite">
          {totals.data === null ? (
            <Typography.Text type="secondary">{t('cashDesk.tooMany', { count: TOTALS_MAX })}</Typography.Text>
          ) : (
            <>
              <div className="cash-totals-main">
                <span>{t('cashDesk.periodTotals')}</span>
                <span>{t('cashDesk.paymentsCountShort', { count: sums?.payments ?? 0 })}: <strong className="cash-money">{money(sums?.paid ?? 0)}</strong></span>
                <span>{t('cashDesk.refundsCountShort', { count: sums?.refunds ?? 0 })}: <strong className="cash-money">{money(sums?.refunded ?? 0)}</strong></span>
                <span>{t('cashDesk.net')}: <strong className="cash-money" data-testid="payments-net">{money((sums?.paid ?? 0) - (sums?.refunded ?? 0))}</strong></span>
              </div>
              <div className="cash-totals-methods">
                {(sums?.byMethod ?? []).map((entry) => (
                  <Tag key={entry.method} data-testid={`payments-total-${entry.method}`}>
                    {t(`billing.methods.${entry.method}`)}: <span className="cash-money">{money(entry.paid - entry.refunded)}</span>
                  </Tag>
                ))}
              </div>
            </>
          )}
        </div>
        <Table<Payment>
          rowKey="_id"
          size="middle"
          loading={list.isLoading}
          dataSource={rows}
          data-testid="payments-table"
          locale={{ emptyText: t('cashDesk.noPayments') }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, hideOnSinglePage: true, showSizeChanger: false, onChange: setPage }}
          onRow={() => ({ 'data-testid': 'payment-row' } as object)}
          columns={[
            { key: 'date', title: t('cashDesk.date'), responsive: ['md'], className: 'cash-money', render: (_, payment) => format.dateTime(payment.date) },
            {
              key: 'patient',
              title: t('cashDesk.patient'),
              render: (_, payment) => {
                const customer = customers.get(payment.customerId)
                return (
                  <div className="cash-what">
                    {customer ? <Link to={`/customer/${payment.customerId}/transactions`}>{customerName(customer)}</Link> : <span>…</span>}
                    <Typography.Text type="secondary" className="cash-count cash-phone-only">{format.dateTime(payment.date)} · {t(`billing.methods.${payment.method}`)}</Typography.Text>
                    {/* Below 576 px the status column hides too: the status goes under the patient. */}
                    <span className="cash-xs-only">{statusTag(payment)}</span>
                    <Typography.Text type="secondary" className="cash-count cash-wide-hidden">{[branchName.get(payment.branchId), payment.shiftId ? shiftText(payment) : null].filter(Boolean).join(' · ')}</Typography.Text>
                  </div>
                )
              }
            },
            {
              key: 'amount',
              title: t('cashDesk.amount'),
              align: 'right',
              render: (_, payment) => (
                <span className={`cash-money${payment.amount < 0 ? ' cash-short' : ''}`} style={payment.status === 'cancelled' ? { textDecoration: 'line-through' } : undefined} data-testid="payment-amount">
                  {money(payment.amount)}
                </span>
              )
            },
            { key: 'method', title: t('cashDesk.method'), responsive: ['md'], render: (_, payment) => `${t(`billing.methods.${payment.method}`)}${payment.kind === 'refund' ? ` · ${t('billing.refund')}` : ''}` },
            {
              key: 'status',
              title: t('cashDesk.status'),
              responsive: ['sm'],
              render: (_, payment) => statusTag(payment)
            },
            { key: 'shift', title: t('cashDesk.shift'), responsive: ['lg'], render: (_, payment) => shiftText(payment) },
            { key: 'branch', title: t('cashDesk.branch'), responsive: ['lg'], render: (_, payment) => branchName.get(payment.branchId) ?? '—' }
          ]}
        />
      </Card>
    </>
  )
}
