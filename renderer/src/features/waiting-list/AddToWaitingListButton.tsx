import { lazy, Suspense, useState } from 'react'
import { Button } from 'antd'
import { HourglassOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../api/permissions'
import { useSignedIn } from '../../api/session-store'
import type { CustomerRecord } from '../customers/customer-types'

/** The form loads on first use: the customer's page stays light for those who never need it. */
const WaitingEntryModal = lazy(() => import('./WaitingEntryModal').then((module) => ({ default: module.WaitingEntryModal })))

/** "Add to waiting list" on a customer's page: the waiting-list form with this customer. */
export function AddToWaitingListButton({ customer, compact }: { customer: CustomerRecord; compact: boolean }) {
  const { t } = useTranslation()
  const { company } = useSignedIn()
  const canAdd = useCan('appointment', 'create')
  const [open, setOpen] = useState(false)
  if (!canAdd || company?.modules?.appointments !== true || customer.mergedInto || customer.archived) return null
  return (
    <>
      <Button icon={<HourglassOutlined />} onClick={() => setOpen(true)} aria-label={t('waitingList.addCustomer')} title={t('waitingList.addCustomer')} data-testid="add-to-waiting-list">
        {compact ? null : t('waitingList.addCustomer')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <WaitingEntryModal customer={customer} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
