import '../customers/customers.css'
import { useState } from 'react'
import { Button, Grid, Space, Tabs } from 'antd'
import { CalendarOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { useGet } from '../../api/live'
import { useCan } from '../../api/permissions'
import { useSignedIn } from '../../api/session-store'
import { PageHeader } from '../../components/PageHeader'
import { PageLoading } from '../../components/PageLoading'
import { FetchError } from '../../components/FetchError'
import { customerName } from '../customers/customer-name'
import { CustomerDrawer } from '../customers/CustomerDrawer'
import { ColorDot } from '../customers/ColorDot'
import { CustomerActions, type CustomerDialog } from './CustomerActions'
import { CustomerBadges } from './CustomerBadges'
import { MergedBanner } from './MergedBanner'
import { OverviewTab } from './OverviewTab'
import { NotesTab } from './NotesTab'
import { TreatmentTab } from '../treatment/TreatmentTab'
import { CustomerAppointmentsTab } from '../appointments/CustomerAppointmentsTab'
import { MergeModal } from './MergeModal'
import { DeleteCustomerModal } from './DeleteCustomerModal'
import { AddToWaitingListButton } from '../waiting-list/AddToWaitingListButton'
import NotAvailablePage from '../../app/NotAvailablePage'
import { SlotFinder } from '../appointments/SlotFinder'
import NotFoundPage from '../../app/NotFoundPage'
import { plannedCustomerTabs, tabOutcome } from '../../app/planned-routes'

/** The card's tabs built so far (the spec's others come with their features: planned-routes.ts). */
const customerTabs = ['overview', 'appointments', 'notes', 'treatment']

/** /customer/{id}/{tab}: overview, appointments, notes and treatment (the spec's others come with their features). */
export default function CustomerPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { id, tab } = useParams()
  const compact = !Grid.useBreakpoint().md
  const customer = useGet('customers', id)
  const canNotes = useCan('notes', 'view')
  const canAppointments = useCan('appointment', 'view')
  // The chart is clinical: only roles that may view `tooth`, while the treatment module is on.
  const { company } = useSignedIn()
  const canChart = useCan('tooth', 'view') && company.modules?.treatment !== false
  const [dialog, setDialog] = useState<CustomerDialog | null>(null)
  const [findingSlot, setFindingSlot] = useState(false)
  const canBook = useCan('appointment', 'create')

  // No silent fallback: a tab of a later issue says so, an unknown one is not found.
  const outcome = tabOutcome(tab, customerTabs, plannedCustomerTabs)
  if (outcome === 'planned') return <NotAvailablePage />
  if (outcome === 'unknown') return <NotFoundPage />
  if (customer.error) return <FetchError error={customer.error} onRetry={() => void customer.refetch()} />
  if (!customer.data) return <PageLoading />
  const record = customer.data
  const tabs = [
    { key: 'overview', label: t('customer.overview'), children: <OverviewTab customer={record} /> },
    ...(canAppointments ? [{ key: 'appointments', label: t('appointments.title'), children: <CustomerAppointmentsTab customerId={record._id} /> }] : []),
    ...(canNotes ? [{ key: 'notes', label: t('notes.title'), children: <NotesTab customerId={record._id} /> }] : []),
    ...(canChart ? [{ key: 'treatment', label: t('treatment.title'), children: <TreatmentTab customerId={record._id} birthdate={record.birthdate} /> }] : [])
  ]
  const active = tabs.some((item) => item.key === tab) ? (tab as string) : 'overview'

  return (
    <>
      <PageHeader
        title={customerName(record)}
        subtitle={
          <span className="customer-subtitle">
            <ColorDot color={record.color} />
            <CustomerBadges customer={record} />
          </span>
        }
        extra={
          <Space wrap>
            {canBook && !record.mergedInto && (
              <Button icon={<CalendarOutlined />} onClick={() => setFindingSlot(true)} data-testid="customer-find-slot">
                {compact ? null : t('slots.open')}
              </Button>
            )}
            <AddToWaitingListButton customer={record} compact={compact} />
            <CustomerActions customer={record} onOpen={setDialog} compact={compact} />
          </Space>
        }
      />
      {record.mergedInto && <MergedBanner keptId={record.mergedInto} />}
      <Tabs activeKey={active} onChange={(key) => navigate(`/customer/${record._id}/${key}`, { replace: true })} destroyOnHidden items={tabs} />
      {findingSlot && <SlotFinder customerId={record._id} onClose={() => setFindingSlot(false)} />}
      {dialog === 'edit' && <CustomerDrawer customer={record} onClose={() => setDialog(null)} />}
      {dialog === 'merge' && <MergeModal customer={record} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteCustomerModal customer={record} onClose={() => setDialog(null)} />}
    </>
  )
}
