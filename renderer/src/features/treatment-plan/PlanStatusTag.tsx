import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PlanStatus } from '../../../../domain/clinical/treatment-plans'

const colors: Record<PlanStatus, string> = {
  draft: 'default',
  presented: 'blue',
  expired: 'orange',
  accepted: 'cyan',
  'partially-done': 'gold',
  done: 'green',
  rejected: 'red'
}

/** A plan's state, coloured. */
export function PlanStatusTag({ status }: { status: PlanStatus }) {
  const { t } = useTranslation()
  return <Tag color={colors[status]} data-testid="plan-status" data-status={status}>{t(`treatmentPlan.status.${status}`)}</Tag>
}
