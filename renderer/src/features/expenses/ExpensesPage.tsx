import { useMemo, useState } from 'react'
import { Button, Card, DatePicker, Input, Popconfirm, Select, Space, Table, Tooltip, Typography } from 'antd'
import { DeleteOutlined, EditOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFind, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { useCurrentBranch } from '../../api/branch'
import { useSignedIn } from '../../api/session-store'
import { clinicMonthRange } from '../appointments/clinic-ranges'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { useDebounced } from '../../components/useDebounced'
import { toast, toastError } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { ExpenseDrawer } from './ExpenseDrawer'
import { useFileCountsLive } from './useFileCountsLive'
import { expenseCategories, expensePath, expenseQuery, type Expense, type ExpenseFilter } from './expense-form'
import './expenses.css'

const PAGE_SIZE = 50

/**
 * /company/expenses: what the branches spent, newest day first, by branch, category, days and
 * supplier, with the total of everything the filters match (the server sums it, not this page).
 * Add and edit in a drawer (with the expense's receipts and documents); a paperclip marks rows
 * that have files; delete moves to the trash.
 */
export default function ExpensesPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const session = useSignedIn()
  const currentBranch = useCurrentBranch()
  const [filter, setFilter] = useState<ExpenseFilter>(() => ({ range: clinicMonthRange(session.company.timezone) }))
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<Expense | 'new' | null>(null)
  const canCreate = useCan('expense', 'create')
  const canEdit = useCan('expense', 'edit')
  const canDelete = useCan('expense', 'delete')
  const removeExpense = useRemove(expensePath, { also: ['trash'] })
  const settledSearch = useDebounced(search, 300)
  const where = expenseQuery({ ...filter, search: settledSearch })
  const list = useFind(expensePath, { ...where, $limit: PAGE_SIZE, $skip: (page - 1) * PAGE_SIZE, $sort: { date: -1, _id: -1 } })
  const branches = useFind('branches', { $limit: 200, $sort: { name: 1 } })
  useFileCountsLive()

  const branchName = useMemo(() => new Map((branches.data?.data ?? []).map((branch) => [branch._id, branch.name])), [branches.data])
  // The branches an expense may be booked to: those one works in (an owner: every active one).
  const myBranches = (branches.data?.data ?? [])
    .filter((branch) => !branch.archived && (session.user.isOwner || (session.branchIds ?? []).includes(branch._id)))
    .map((branch) => ({ value: branch._id, label: branch.name }))
  const page_ = list.data as (typeof list.data & { amountTotal?: number }) | undefined
  const rows = page_?.data ?? []
  const filtered = Boolean(filter.branchId || filter.category || filter.range || settledSearch.trim())

  function change(next: Partial<ExpenseFilter>) {
    setFilter((current) => ({ ...current, ...next }))
    setPage(1)
  }

  async function remove(expense: Expense) {
    try {
      await removeExpense(expense._id)
      toast.success(t('trash.moved'))
    } catch (error) {
      toastError(error)
    }
  }

  const category = (expense: Expense) => t(`expenses.categories.${expense.category}`)
  const money = (minor: number) => format.money(minor, currency)
  // Midday, so the day is the same in any time zone the browser is in.
  const day = (expense: Expense) => format.date(`${expense.date}T12:00:00`)
  const files = (expense: Expense) => {
    const count = expense.fileCount ?? 0
    if (count === 0) return null
    const label = t('expenses.filesCount', { count })
    return (
      <Tooltip title={label}>
        <span className="expenses-files" aria-label={label} data-testid="expense-files-count">
          <PaperClipOutlined /> {format.number(count)}
        </span>
      </Tooltip>
    )
  }

  if (list.error) return <FetchError error={list.error} onRetry={() => void list.refetch()} />
  return (
    <>
      <PageHeader
        title={t('expenses.title')}
        subtitle={
          <>
            {t('expenses.subtitle')}
            {canDelete && (
              <>
                {' · '}
                <Link to="/company/trash">{t('trash.open')}</Link>
              </>
            )}
          </>
        }
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-expense">
              {t('expenses.add')}
            </Button>
          )
        }
      />
      <Card className="expenses-card">
        <div className="expenses-filters">
          {myBranches.length > 1 || (branches.data?.data.length ?? 0) > 1 ? (
            <Select
              allowClear
              value={filter.branchId}
              onChange={(branchId?: string) => change({ branchId })}
              placeholder={t('expenses.allBranches')}
              aria-label={t('expenses.branch')}
              data-testid="expense-filter-branch"
              options={(branches.data?.data ?? []).map((branch) => ({ value: branch._id, label: branch.name }))}
            />
          ) : null}
          <Select
            allowClear
            value={filter.category}
            onChange={(value?: ExpenseFilter['category']) => change({ category: value })}
            placeholder={t('expenses.allCategories')}
            aria-label={t('expenses.category')}
            data-testid="expense-filter-category"
            options={expenseCategories.map((value) => ({ value, label: t(`expenses.categories.${value}`) }))}
          />
          <DatePicker.RangePicker
            value={filter.range ?? null}
            onChange={(range) => change({ range: range && range[0] && range[1] ? [range[0], range[1]] : null })}
            format="DD.MM.YYYY"
            aria-label={t('expenses.dates')}
            data-testid="expense-filter-dates"
          />
          <Input.Search
            allowClear
            value={search}
            onChange={(event) => {
              setSearch(event.target.value)
              setPage(1)
            }}
            placeholder={t('expenses.search')}
            aria-label={t('expenses.search')}
            data-testid="expense-filter-search"
          />
        </div>
        <div className="expenses-total" data-testid="expenses-total" aria-live="polite">
          <span>
            {t('expenses.total')}
            <Typography.Text type="secondary" className="expenses-count">
              {t('expenses.count', { count: page_?.total ?? 0 })}
            </Typography.Text>
          </span>
          <strong>{money(page_?.amountTotal ?? 0)}</strong>
        </div>
        <Table<Expense>
          rowKey="_id"
          size="middle"
          loading={list.isLoading}
          dataSource={rows}
          data-testid="expenses-table"
          locale={{ emptyText: filtered ? t('expenses.noMatch') : t('expenses.empty') }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: page_?.total ?? 0, hideOnSinglePage: true, showSizeChanger: false, onChange: setPage }}
          columns={[
            { key: 'date', title: t('expenses.date'), responsive: ['sm'], className: 'expenses-nowrap', render: (_, expense) => day(expense) },
            {
              key: 'category',
              title: t('expenses.category'),
              render: (_, expense) => (
                <div className="expenses-what">
                  <span className="expenses-category">
                    {category(expense)}
                    {files(expense)}
                  </span>
                  {/* On a phone the day column hides too: the day goes first under the category. */}
                  <span className="expenses-day">{day(expense)}</span>
                  {/* On a phone the supplier, document and branch columns hide: they go under the category. */}
                  <span className="expenses-sub">
                    {[expense.supplier, expense.documentNumber && `№\u00a0${expense.documentNumber}`, branchName.get(expense.branchId)].filter(Boolean).join(' · ')}
                  </span>
                  {expense.note && <span className="expenses-note">{expense.note}</span>}
                </div>
              )
            },
            { key: 'supplier', title: t('expenses.supplier'), responsive: ['lg'], render: (_, expense) => expense.supplier ?? '—' },
            { key: 'document', title: t('expenses.documentNumber'), responsive: ['lg'], render: (_, expense) => expense.documentNumber ?? '—' },
            { key: 'branch', title: t('expenses.branch'), responsive: ['lg'], render: (_, expense) => branchName.get(expense.branchId) ?? '—' },
            { key: 'amount', title: t('expenses.amount'), align: 'right', className: 'expenses-nowrap expenses-amount', render: (_, expense) => money(expense.amount) },
            {
              key: 'actions',
              align: 'right',
              width: 80,
              render: (_, expense) =>
                (canEdit || canDelete) && (
                  <Space size={4}>
                    {canEdit && <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(expense)} data-testid="expense-edit" />}
                    {canDelete && (
                      <Popconfirm title={t('expenses.removeConfirm')} description={t('trash.removeHint')} onConfirm={() => void remove(expense)} okText={t('common.delete')} cancelText={t('common.cancel')}>
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} data-testid="expense-delete" />
                      </Popconfirm>
                    )}
                  </Space>
                )
            }
          ]}
        />
      </Card>
      <ExpenseDrawer editing={editing} branches={myBranches} defaultBranchId={filter.branchId ?? currentBranch} currency={currency} onClose={() => setEditing(null)} />
    </>
  )
}
