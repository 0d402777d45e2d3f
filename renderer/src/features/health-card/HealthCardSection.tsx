import { useState } from 'react'
import { Button, Card, Empty, Space } from 'antd'
import { EditOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCreate, useFind, usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { toast, toastError } from '../../app/toasts'
import { FetchError } from '../../components/FetchError'
import { useTeamNames } from '../customer/useTeamNames'
import { HealthCardForm, type HealthCardValues } from './HealthCardForm'
import { HealthCardView } from './HealthCardView'
import { ReviewStamp } from './ReviewStamp'
import './health-card.css'

/**
 * The overview tab's health card: the patient's medical history, for those with clinical view
 * (`exam`); everyone else sees only the red flag on the card's header. Live through the
 * `health-card` events.
 */
export function HealthCardSection({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const canView = useCan('exam', 'view')
  const canCreate = useCan('exam', 'create')
  const canEdit = useCan('exam', 'edit')
  const found = useFind('health-card', { customerId, $limit: 1 }, canView)
  const names = useTeamNames()
  const createCard = useCreate('health-card')
  const patchCard = usePatch('health-card')
  const [editing, setEditing] = useState(false)
  if (!canView) return null
  const card = found.data?.data[0]
  const mayWrite = card ? canEdit : canCreate

  async function save({ reviewed, ...values }: HealthCardValues) {
    if (card) await patchCard(card._id, { ...values, ...(reviewed ? { reviewed } : {}) })
    else await createCard({ customerId, ...values, ...(reviewed ? { reviewed } : {}) })
    setEditing(false)
    toast.success(t('healthCard.saved'))
  }

  async function markReviewed() {
    if (!card) return
    try {
      await patchCard(card._id, { reviewed: true })
      toast.success(t('healthCard.reviewSaved'))
    } catch (error) {
      toastError(error)
    }
  }

  const actions = !editing && mayWrite && (
    <Space size={4} wrap>
      {card && <Button size="small" onClick={markReviewed} data-testid="health-card-mark-reviewed">{t('healthCard.markReviewed')}</Button>}
      <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="health-card-edit">
        {card ? t('common.edit') : t('healthCard.fill')}
      </Button>
    </Space>
  )
  return (
    <Card size="small" title={t('healthCard.title')} className="health-card" data-testid="health-card">
      {found.isError ? (
        <FetchError error={found.error} onRetry={() => found.refetch()} />
      ) : editing ? (
        <HealthCardForm card={card} onSave={save} onCancel={() => setEditing(false)} />
      ) : card ? (
        <>
          <div className="health-card-head">
            <ReviewStamp card={card} names={names} />
            {actions}
          </div>
          <HealthCardView card={card} />
        </>
      ) : (
        found.data && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('healthCard.empty')}>{actions}</Empty>
      )}
    </Card>
  )
}
