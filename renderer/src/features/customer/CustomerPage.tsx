import '../customers/customers.css'
import { Suspense, lazy, useState } from 'react'
import { Button, Grid, Space, Tabs } from 'antd'
import { CalendarOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { useGet } from '../../api/live'
import { loadTextArea } from '../../i18n'
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
import { CommunicationsTab } from '../messaging/CommunicationsTab'

// The X-rays and plans tabs load with their tab (the card's first screen stays as it was).
const XraysTab = lazy(() => import('../xrays/XraysTab'))
// The money tabs load with their tab too (their texts: the billing area).
const BillingTab = lazy(() => import('../billing/BillingTab'))
const TransactionsTab = lazy(() => import('../billing/TransactionsTab'))
// The tasks tab loads with its tab.
// The tasks tab loads with its texts (the tasks' area: i18n/text-areas.ts).
const TasksTab = lazy(() => Promise.all([import('../tasks/TasksTab'), loadTextArea('tasks')]).then(([module]) => ({ default: module.TasksTab })))
// The conversation loads with its tab (its texts: the messaging area).
const ChatTab = lazy(() => import('../messaging/ChatTab'))
const TreatmentPlanTab = lazy(() => import('../treatment-plan/TreatmentPlanTab').then((module) => ({ default: module.TreatmentPlanTab })))

/** The card's tabs built so far (the spec's others come with their features: planned-routes.ts). */
const customerTabs = ['overview', 'appointments', 'notes', 'treatment', 'treatment-plan', 'xrays', 'communications', 'chat', 'billing', 'transactions', 'tasks']

/** /customer/{id}/{tab}: overview, appointments, notes, treatment, treatment plans, X-rays, messages, the chat, billing, transactions and tasks (the spec's others come with their features). */
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
  // X-rays are clinical too: only roles that may view `xrays`, with the treatment module.
  const canXrays = useCan('xrays', 'view') && company.modules?.treatment !== false
  const canPlans = useCan('treatment-plan', 'view') && company.modules?.treatment !== false
  const [dialog, setDialog] = useState<CustomerDialog | null>(null)
  const [findingSlot, setFindingSlot] = useState(false)
  const canBook = useCan('appointment', 'create')
  const canCommunications = useCan('communications', 'view')
  // Money: invoices for those who may view them (a doctor: their own treatments'); the payments
  // for those who may read the patient's payment history (it carries the balance and debt).
  const canBilling = useCan('invoices', 'view')
  const canTransactions = useCan('payment-history', 'view')
  const canTasks = useCan('tasks', 'view')

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
    ...(canChart ? [{ key: 'treatment', label: t('treatment.title'), children: <TreatmentTab customerId={record._id} birthdate={record.birthdate} /> }] : []),
    ...(canPlans ? [{ key: 'treatment-plan', label: t('treatmentPlan.title'), children: <Suspense fallback={<PageLoading />}><TreatmentPlanTab customerId={record._id} discount={record.discount ?? 0} /></Suspense> }] : []),
    ...(canXrays ? [{ key: 'xrays', label: t('xrays.title'), children: <Suspense fallback={<PageLoading />}><XraysTab customerId={record._id} /></Suspense> }] : []),
    ...(canCommunications ? [{ key: 'communications', label: t('messaging.tabs.communications'), children: <CommunicationsTab customerId={record._id} /> }] : []),
    ...(canCommunications ? [{ key: 'chat', label: t('messaging.tabs.chat'), children: <Suspense fallback={<PageLoading />}><ChatTab customerId={record._id} /></Suspense> }] : []),
    ...(canBilling ? [{ key: 'billing', label: t('billing.tabs.billing'), children: <Suspense fallback={<PageLoading />}><BillingTab customerId={record._id} /></Suspense> }] : []),
    ...(canTransactions ? [{ key: 'transactions', label: t('billing.tabs.transactions'), children: <Suspense fallback={<PageLoading />}><TransactionsTab customerId={record._id} /></Suspense> }] : []),
    ...(canTasks ? [{ key: 'tasks', label: t('tasks.title'), children: <Suspense fallback={<PageLoading />}><TasksTab customerId={record._id} patientName={customerName(record)} /></Suspense> }] : [])
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
