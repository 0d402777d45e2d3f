import { useMemo, useState } from 'react'
import { Card, DatePicker, Grid, Select, Table, Tag, Typography } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { useRefreshOnMoney } from './useRefreshOnMoney'
import { useCurrency } from '../appointments/useCalendarSettings'
import { customerName } from '../customers/customer-name'
import { useTeamNames } from '../customer/useTeamNames'
import { useCustomersById } from '../waiting-list/useLookups'
import { InvoiceDetail } from './InvoiceDetail'
import { useInvoicesSummary } from './useInvoicesSummary'
import { INVOICE_ROW_COLUMNS, stateColors, type Invoice, type InvoiceRow } from './billing-types'
import './billing.css'
import { useSignedIn } from '../../api/session-store'
import { clinicMonthRange } from '../appointments/clinic-ranges'

const PAGE_SIZE = 50
/** The list's columns: the patient, doctor and branch besides a row's (no lines: the drawer reads them). */
const COLUMNS = [...INVOICE_ROW_COLUMNS, 'customerId', 'doctorId', 'branchId'] as const satisfies ReadonlyArray<keyof Invoice>
type CompanyInvoiceRow = InvoiceRow & Pick<Invoice, (typeof COLUMNS)[number]>
const DAY = 'YYYY-MM-DD'
type Range = [dayjs.Dayjs, dayjs.Dayjs]

/**
 * /company/invoice: the invoices issued in a period, newest first, in one branch or every branch
 * one sees, with what was billed, paid and is still owed over the whole period (the server sums
 * it). An invoice opens in the same detail as on the patient's card; paying or cancelling it is
 * done there, on the patient's billing tab, where the balance and the other invoices are in view.
 */
export default function InvoicesPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const screens = Grid.useBreakpoint()
  const phone = !screens.md
  // Below `sm` the state column hides too: the state goes under the number.
  const narrow = !screens.sm
  const canSummary = useCan('invoices-summary', 'view')
  const timeZone = useSignedIn().company.timezone
  const [range, setRange] = useState<Range>(() => clinicMonthRange(timeZone))
  const [branchId, setBranchId] = useState<string | undefined>()
  const [page, setPage] = useState(1)
  const [openId, setOpenId] = useState<string | null>(null)
  const from = range[0].format(DAY)
  const to = range[1].format(DAY)
  const list = useFind('invoices', {
    issuedOn: { $gte: from, $lte: to },
    ...(branchId ? { branchId } : {}),
    $select: [...COLUMNS],
    $sort: { issuedOn: -1, counter: -1 },
    $limit: PAGE_SIZE,
    $skip: (page - 1) * PAGE_SIZE
  })
  // A payment taken at any desk changes invoices' paid and state without an invoice event.
  useRefreshOnMoney('invoices', true)
  const summary = useInvoicesSummary({ from, to, ...(branchId ? { branchId } : {}) }, canSummary)
  const branches = useFind('branches', { $limit: 200, $sort: { name: 1 } })
  const invoices = useMemo((): CompanyInvoiceRow[] => list.data?.data ?? [], [list.data])
  // The page's patients in one read.
  const patients = useCustomersById(useMemo(() => invoices.map((invoice) => invoice.customerId), [invoices]))
  const doctors = useTeamNames()
  const branchName = useMemo(() => new Map((branches.data?.data ?? []).map((branch) => [branch._id, branch.name])), [branches.data])
  const open = invoices.find((invoice) => invoice._id === openId) ?? null

  const money = (minor: number) => <span className="billing-money">{format.money(minor, currency)}</span>
  const day = (invoice: CompanyInvoiceRow) => format.date(`${invoice.issuedOn}T12:00:00`)
  const nameOf = (customerId: string) => {
    const customer = patients.get(customerId)
    return customer ? customerName(customer) : t('billing.list.patient')
  }
  const patient = (invoice: CompanyInvoiceRow) => (
    <Link to={`/customer/${invoice.customerId}/billing`} onClick={(event) => event.stopPropagation()} data-testid="invoice-patient">
      {nameOf(invoice.customerId)}
    </Link>
  )
  const state = (invoice: CompanyInvoiceRow) => <Tag color={stateColors[invoice.state]} data-testid="invoice-state">{t(`billing.states.${invoice.state}`)}</Tag>

  if (list.error) return <FetchError error={list.error} onRetry={() => void list.refetch()} />
  return (
    <>
      <PageHeader title={t('billing.list.title')} subtitle={t('billing.list.subtitle')} />
      <Card className="billing-list-card">
        <div className="billing-list-filters">
          {(branches.data?.data.length ?? 0) > 1 && (
            <Select
              allowClear
              value={branchId}
              onChange={(value?: string) => {
                setBranchId(value)
                setPage(1)
              }}
              placeholder={t('billing.list.allBranches')}
              aria-label={t('billing.list.branch')}
              data-testid="invoice-filter-branch"
              options={(branches.data?.data ?? []).map((branch) => ({ value: branch._id, label: branch.name }))}
            />
          )}
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            onChange={(next) => {
              if (next?.[0] && next[1]) setRange([next[0], next[1]])
              setPage(1)
            }}
            format="DD.MM.YYYY"
            aria-label={t('billing.list.dates')}
            data-testid="invoice-filter-dates"
          />
        </div>
        {summary.data && (
          <div className="billing-summary billing-list-summary" data-testid="invoices-summary">
            <Figure label={t('billing.list.count')} value={String(summary.data.count)} />
            <Figure label={t('billing.list.billed')} value={format.money(summary.data.billed, currency)} />
            <Figure label={t('billing.paid')} value={format.money(summary.data.paid, currency)} />
            <Figure label={t('billing.due')} value={format.money(summary.data.due, currency)} danger={summary.data.due > 0} testId="invoices-summary-due" />
            {summary.data.writtenOff > 0 && <Figure label={t('billing.list.writtenOff')} value={format.money(summary.data.writtenOff, currency)} />}
          </div>
        )}
        <Table<CompanyInvoiceRow>
          rowKey="_id"
          size="middle"
          loading={list.isLoading}
          dataSource={invoices}
          data-testid="company-invoices"
          // Large sums in nine columns outgrow a laptop's width: the table scrolls inside its card, never the page.
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('billing.list.empty') }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, hideOnSinglePage: true, showSizeChanger: false, onChange: setPage }}
          onRow={(invoice) => ({ onClick: () => setOpenId(invoice._id), style: { cursor: 'pointer' }, 'data-testid': 'company-invoice-row' }) as object}
          columns={[
            {
              key: 'number',
              title: t('billing.number'),
              // On a phone the patient's name is under the number: it wraps there.
              className: phone ? undefined : 'billing-nowrap',
              render: (_, invoice) => (
                <div className="billing-list-what">
                  <Typography.Link>{invoice.number}</Typography.Link>
                  {/* On a phone the day, patient and state columns hide: they go under the number. */}
                  {phone && <span className="billing-list-sub">{day(invoice)}</span>}
                  {phone && patient(invoice)}
                  {narrow && <span>{state(invoice)}</span>}
                </div>
              )
            },
            { key: 'date', title: t('billing.date'), responsive: ['md'], className: 'billing-nowrap', render: (_, invoice) => day(invoice) },
            { key: 'patient', title: t('billing.list.patient'), responsive: ['md'], render: (_, invoice) => patient(invoice) },
            { key: 'doctor', title: t('billing.list.doctor'), responsive: ['lg'], render: (_, invoice) => (invoice.doctorId && doctors.get(invoice.doctorId)) || '—' },
            { key: 'branch', title: t('billing.list.branch'), responsive: ['xl'], render: (_, invoice) => branchName.get(invoice.branchId) ?? '—' },
            { key: 'total', title: t('billing.total'), align: 'right', render: (_, invoice) => money(invoice.total) },
            { key: 'paid', title: t('billing.paid'), align: 'right', responsive: ['sm'], render: (_, invoice) => money(invoice.paid) },
            { key: 'due', title: t('billing.due'), align: 'right', responsive: ['sm'], render: (_, invoice) => money(invoice.due) },
            { key: 'state', title: t('billing.state'), responsive: ['sm'], render: (_, invoice) => state(invoice) }
          ]}
        />
      </Card>
      {open && <InvoiceDetail invoice={open} paymentsOf={null} onClose={() => setOpenId(null)} />}
    </>
  )
}

function Figure({ label, value, danger, testId }: { label: string; value: string; danger?: boolean; testId?: string }) {
  return (
    <div className="billing-figure">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <span className={`billing-figure-value${danger ? ' billing-debt' : ''}`} data-testid={testId}>{value}</span>
    </div>
  )
}
