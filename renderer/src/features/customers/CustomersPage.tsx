import './customers.css'
import { useMemo, useState } from 'react'
import { Button, Card, Grid, Pagination } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useCan } from '../../api/permissions'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { countLabel, customerListQuery, listTotal, PAGE_SIZE, searchTerm } from './customer-query'
import { useFormat } from '../../i18n/format'
import { useListAddress } from './useListAddress'
import { useCustomerList } from './useCustomerList'
import { useFind } from '../../api/live'
import { useColumnChoice } from './useColumnChoice'
import { useCustomerLookups } from './useCustomerLookups'
import { CustomerSearchInput } from './CustomerSearchInput'
import { CustomerFilterPicker } from './CustomerFilterPicker'
import { CustomerSortPicker } from './CustomerSortPicker'
import { ColumnChooser } from './ColumnChooser'
import { CustomersToolbar } from './CustomersToolbar'
import { CustomerTable } from './CustomerTable'
import { CustomerCompactList } from './CustomerCompactList'
import { CustomerDrawer } from './CustomerDrawer'
import { CustomerSelectionBar } from './CustomerSelectionBar'
import type { CustomerSelection } from './CustomerTable'
import type { CustomerRecord } from './customer-types'
import { MergeModal } from '../customer/MergeModal'

/** Two records of one person are merged; more at once is not a merge the service makes. */
const MERGE_PAIR = 2

/** /people/customers and /people/customers/filter/{filter}: find, filter, sort and open customers. */
export default function CustomersPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const screens = Grid.useBreakpoint()
  const phone = !screens.md
  const { state, update, setFilter } = useListAddress()
  const { filter, search, sort, page } = state
  // "Accepted but not scheduled": the patients of plans waiting for a booking (at most 200 plans, issue 15).
  const waiting = useFind('treatment-plan', { needsBooking: true, $limit: 200, $select: ['customerId'] }, filter === 'unscheduled')
  const waitingIds = useMemo(() => [...new Set((waiting.data?.data ?? []).map((plan) => plan.customerId))], [waiting.data])
  const query = useMemo(() => customerListQuery({ filter, search, sort, page }, new Date(), waitingIds), [filter, search, sort, page, waitingIds])
  const list = useCustomerList(query, filter !== 'unscheduled' || waitingIds.length > 0)
  const [columns, setColumns] = useColumnChoice()
  const lookups = useCustomerLookups()
  const canCreate = useCan('customers', 'create')
  const [creating, setCreating] = useState(false)
  // Merging two ticked customers needs what the merge service asks: customers delete.
  const canMerge = useCan('customers', 'delete')
  const [ticked, setTicked] = useState<CustomerRecord[]>([])
  const [merging, setMerging] = useState(false)
  const selection: CustomerSelection | undefined = canMerge
    ? {
        ids: ticked.map((customer) => customer._id),
        max: MERGE_PAIR,
        onToggle: (customer, on) => setTicked((now) => (on ? [...now.filter((other) => other._id !== customer._id), customer].slice(-MERGE_PAIR) : now.filter((other) => other._id !== customer._id)))
      }
    : undefined
  const searching = Boolean(searchTerm(state.search))
  const customers = list.data?.data ?? []
  const format = useFormat()
  // A search's count may stop at the server's cap: "1,000+", and the pager goes on past it.
  const counted = list.data ? listTotal(list.data) : undefined
  const emptyText = searching ? t('customers.noMatch') : t(`customers.empty.${state.filter}`)
  // The previous page stays while the next loads; the spinner in the search box says so.
  const busy = list.isFetching && (list.isPlaceholderData || !list.data)

  return (
    <>
      <PageHeader
        title={t('customers.title')}
        subtitle={list.data ? countLabel(list.data, t, format.number) : undefined}
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="add-customer">
              {t('customers.add')}
            </Button>
          )
        }
      />
      <Card className="customers-card">
        <CustomersToolbar
          search={<CustomerSearchInput value={state.search} onSearch={(text) => update({ search: text })} busy={busy} autoFocus={!phone} />}
          filter={<CustomerFilterPicker value={state.filter} onChange={setFilter} compact={!screens.lg} />}
          sort={<CustomerSortPicker value={state.sort} onChange={(next) => update({ sort: next })} />}
          columns={phone ? null : <ColumnChooser value={columns} onChange={setColumns} />}
          phone={phone}
        />
        {selection && ticked.length > 0 && <CustomerSelectionBar selected={ticked} onMerge={() => setMerging(true)} onClear={() => setTicked([])} />}
        {list.error && !list.data ? (
          <FetchError error={list.error} onRetry={() => void list.refetch()} />
        ) : phone ? (
          <CustomerCompactList customers={customers} tags={lookups.tags} loading={list.isFetching} emptyText={emptyText} selection={selection} />
        ) : (
          <CustomerTable customers={customers} columns={columns} tags={lookups.tags} sources={lookups.sources} loading={list.isLoading} emptyText={emptyText} selection={selection} />
        )}
        {counted && counted.pagerTotal > PAGE_SIZE && (
          <Pagination
            className="customers-pager"
            current={state.page}
            pageSize={PAGE_SIZE}
            total={counted.pagerTotal}
            simple={phone}
            showSizeChanger={false}
            onChange={(page) => {
              update({ page })
              window.scrollTo({ top: 0 })
            }}
          />
        )}
      </Card>
      {merging && ticked.length === MERGE_PAIR && (
        <MergeModal
          customer={ticked[0]}
          initialOther={ticked[1]}
          onClose={() => setMerging(false)}
        />
      )}
      {creating && (
        <CustomerDrawer
          customer={null}
          onClose={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false)
            navigate(`/customer/${saved._id}`)
          }}
        />
      )}
    </>
  )
}
