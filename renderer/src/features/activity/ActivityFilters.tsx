import { DatePicker, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import type { TeamMemberPublic } from '../../api/types'
import { kindLabel } from '../trash/trash-kinds'
import type { ActivityFilterValues } from './activity-filters'
import { activityServices } from './activity-services'

interface Props {
  value: ActivityFilterValues
  team: Pick<TeamMemberPublic, '_id' | 'first_name' | 'last_name'>[]
  onChange: (next: ActivityFilterValues) => void
}

/** Person, service and date range for the activity log. */
export function ActivityFilters({ value, team, onChange }: Props) {
  const { t } = useTranslation()
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={value.userId}
        onChange={(userId) => onChange({ ...value, userId: userId ?? undefined })}
        placeholder={t('activity.anyone')}
        aria-label={t('activity.who')}
        data-testid="activity-person"
        style={{ width: 220, maxWidth: '100%' }}
        options={team.map((member) => ({ value: member._id, label: `${member.first_name} ${member.last_name}` }))}
      />
      <Select
        allowClear
        value={value.service}
        onChange={(service) => onChange({ ...value, service: service ?? undefined })}
        placeholder={t('activity.anyService')}
        aria-label={t('activity.service')}
        data-testid="activity-service"
        style={{ width: 200, maxWidth: '100%' }}
        options={activityServices.map((service) => ({ value: service, label: kindLabel(t, service) }))}
      />
      <DatePicker.RangePicker
        value={value.range ?? null}
        onChange={(range) => onChange({ ...value, range: range && range[0] && range[1] ? [range[0], range[1]] : null })}
        allowEmpty={[false, false]}
        aria-label={t('activity.dates')}
        style={{ width: 320, maxWidth: '100%' }}
      />
    </Space>
  )
}
