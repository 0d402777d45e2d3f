import { useState } from 'react'
import { Card, Empty, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFind, useGet, usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import type { TeamMemberPublic } from '../../api/types'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { PersonAvatar } from '../../components/PersonAvatar'
import { ScheduleEditor } from './ScheduleEditor'
import { scheduleData, type Schedule } from './schedule'

const memberName = (member: TeamMemberPublic) => `${member.last_name} ${member.first_name}`.trim()

/**
 * The team's working hours: pick a colleague and see (or, with edit on my-team, change) their
 * week and exceptions in the same editor as /profile/schedule.
 */
export function TeamScheduleCard() {
  const { t } = useTranslation()
  const canEdit = useCan('my-team', 'edit')
  const team = useFind('my-team', { $limit: 500, $sort: { last_name: 1, first_name: 1 } })
  const [memberId, setMemberId] = useState<string | null>(null)
  const member = useGet('my-team', memberId)
  const patchMember = usePatch('my-team', { also: ['users'] })
  const members = team.data?.data ?? []
  // Those who take appointments first: their hours are what the calendar checks.
  const ordered = [...members.filter((item) => item.acceptsAppointments), ...members.filter((item) => !item.acceptsAppointments)]

  async function save(schedule: Required<Schedule>) {
    if (!memberId) return
    await patchMember(memberId, { schedule: scheduleData(schedule) })
  }

  return (
    <Card title={t('schedule.teamTitle')} data-testid="team-schedule">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          showSearch
          style={{ width: 320, maxWidth: '100%' }}
          placeholder={t('schedule.chooseMember')}
          aria-label={t('schedule.chooseMember')}
          loading={team.isLoading}
          value={memberId ?? undefined}
          onChange={setMemberId}
          optionFilterProp="label"
          options={ordered.map((item) => ({
            value: item._id,
            label: memberName(item),
            title: memberName(item)
          }))}
          optionRender={(option) => {
            const item = members.find((entry) => entry._id === option.value)
            return item ? (
              <Space>
                <PersonAvatar person={item} size={20} />
                {memberName(item)}
                {item.acceptsAppointments && <span className="muted">· {t('schedule.takesAppointments')}</span>}
              </Space>
            ) : (
              option.label
            )
          }}
        />
      </Space>
      {team.error && <FetchError error={team.error} onRetry={() => void team.refetch()} />}
      {!memberId ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('schedule.chooseMemberHint')} />
      ) : member.error ? (
        <FetchError error={member.error} onRetry={() => void member.refetch()} />
      ) : !member.data ? (
        <PageLoading />
      ) : (
        <ScheduleEditor key={memberId} schedule={member.data.schedule} onSave={save} readOnly={!canEdit} ownerName={memberName(member.data)} />
      )}
    </Card>
  )
}
