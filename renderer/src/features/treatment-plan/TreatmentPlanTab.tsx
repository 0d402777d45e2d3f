import { useMemo } from 'react'
import { Button, Card, Empty, List, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { planTotals } from '../../../../domain/clinical/treatment-plans'
import type { TreatmentPlan } from '../../../../server/src/services/clinical/treatment-plan/treatment-plan.shared'
import { client } from '../../api/client'
import { useFind, useGet, refreshService } from '../../api/live'
import { useCan } from '../../api/permissions'
import { toastError } from '../../app/toasts'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { useTeamNames } from '../customer/useTeamNames'
import { PlanEditor } from './PlanEditor'
import { PlanStatusTag } from './PlanStatusTag'
import './treatment-plan.css'

/**
 * /customer/{id}/treatment-plan: the patient's plans (state, total, consultation) and the plan
 * opened (`?plan=`), so a reload or a link keeps it. "New plan" starts a draft with one phase.
 */
export function TreatmentPlanTab({ customerId, discount }: { customerId: string; discount: number }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const canCreate = useCan('treatment-plan', 'create')
  const company = useGet('my-company', 'mine')
  const numbering = company.data?.settings.toothNumbering ?? 'FDI'
  const names = useTeamNames()
  const found = useFind('treatment-plan', { customerId, $sort: { createdAt: -1 }, $limit: 200 })
  const plans = useMemo(() => found.data?.data ?? [], [found.data])
  const [params, setParams] = useSearchParams()
  const open = (id: string | null) =>
    setParams((previous) => { const next = new URLSearchParams(previous); if (id) next.set('plan', id); else next.delete('plan'); return next }, { replace: true })
  const chosen = plans.find((plan) => plan._id === params.get('plan')) ?? plans[0]

  async function create() {
    try {
      const plan = await client.service('treatment-plan').create({ customerId, phases: [{ title: '', items: [] }] })
      await refreshService('treatment-plan')
      open(plan._id)
    } catch (error) {
      toastError(error)
    }
  }

  if (found.error && !found.data) return <FetchError error={found.error} onRetry={() => void found.refetch()} />
  return (
    <div className="plan-tab" data-testid="treatment-plan-tab">
      <Card
        size="small"
        className="plan-list"
        title={t('treatmentPlan.plans')}
        extra={canCreate && <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => void create()} data-testid="plan-new">{t('treatmentPlan.new')}</Button>}
      >
        {plans.length === 0 ? (
          <Empty description={t('treatmentPlan.empty')} />
        ) : (
          <List
            size="small"
            dataSource={plans}
            renderItem={(plan: TreatmentPlan) => (
              <List.Item
                className={`plan-list-item${plan._id === chosen?._id ? ' is-active' : ''}`}
                onClick={() => open(plan._id)}
                onKeyDown={(event) => { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); open(plan._id) } }}
                tabIndex={0}
                role="button"
                aria-pressed={plan._id === chosen?._id}
              >
                <div className="plan-list-text">
                  <Typography.Text strong ellipsis>{plan.title || t('treatmentPlan.untitled')}</Typography.Text>
                  <div><PlanStatusTag status={plan.status} /></div>
                  <Typography.Text type="secondary">{format.date(plan.consultationDate)}</Typography.Text>
                  <Typography.Text className="plan-list-money">{format.money(planTotals(plan.phases, discount).plan.total, currency)}</Typography.Text>
                </div>
              </List.Item>
            )}
          />
        )}
      </Card>
      {chosen && (
        <PlanEditor
          key={chosen._id}
          plan={chosen}
          patientDiscount={discount}
          numbering={numbering}
          currency={currency}
          names={names}
          onCopied={(copy) => open(copy._id)}
          onRemoved={() => open(null)}
        />
      )}
    </div>
  )
}
