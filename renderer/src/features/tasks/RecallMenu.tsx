import { useState } from 'react'
import { Button, Dropdown } from 'antd'
import { BellOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCreate } from '../../api/live'
import { useCan } from '../../api/permissions'
import { useSignedIn } from '../../api/session-store'
import { toast, toastError } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import { recallData, RECALL_MONTHS } from './task-form'

export interface RecallProps {
  customerId: string
  /** The visit or the plan it is made from. */
  appointmentId?: string
  treatmentPlanId?: string
  testId?: string
  /** The bell alone (its name for screen readers): a phone's drawer header has no room for the word. */
  iconOnly?: boolean
}

/**
 * "Recall in…" 3, 6 or 12 months: a treatment reminder for the patient, from a visit or a plan,
 * assigned to the person who makes it (they may reassign it in the task list), due and reminded
 * at 09:00 on the clinic's clock that day.
 */
export function RecallMenu({ customerId, appointmentId, treatmentPlanId, testId = 'recall', iconOnly = false }: RecallProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const session = useSignedIn()
  const canCreate = useCan('tasks', 'create')
  const create = useCreate('tasks')
  const [busy, setBusy] = useState(false)
  if (!canCreate) return null

  async function recall(months: number) {
    setBusy(true)
    try {
      const data = recallData({ months, customerId, appointmentId, treatmentPlanId, assigneeId: session.user._id, description: t('tasks.recallDescription', { count: months }) }, session.company.timezone)
      await create(data)
      toast.success(t('tasks.recallMade', { date: format.date(data.dueAt) }))
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dropdown
      trigger={['click']}
      disabled={busy}
      menu={{ items: RECALL_MONTHS.map((months) => ({ key: String(months), label: t('tasks.recallIn', { count: months }), onClick: () => void recall(months) })) }}
    >
      <Button icon={<BellOutlined />} loading={busy} data-testid={testId} aria-label={iconOnly ? t('tasks.recall') : undefined} title={iconOnly ? t('tasks.recall') : undefined}>
        {iconOnly ? null : t('tasks.recall')}
      </Button>
    </Dropdown>
  )
}
