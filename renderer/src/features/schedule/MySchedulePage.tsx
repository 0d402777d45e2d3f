import { useTranslation } from 'react-i18next'
import { service } from '../../api/client'
import { useGet } from '../../api/live'
import { useCan } from '../../api/permissions'
import { queryClient } from '../../api/query-client'
import type { UserRecord } from '../../api/types'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { ScheduleEditor } from './ScheduleEditor'
import type { Schedule } from './schedule'

type WithSchedule = UserRecord & { schedule?: Schedule | null }

/** /profile/schedule: my working hours (week and dated exceptions), saved through `profile`. */
export default function MySchedulePage() {
  const { t } = useTranslation()
  const profile = useGet<WithSchedule>('profile', 'me')
  const canEdit = useCan('profile', 'edit')

  async function save(schedule: Required<Schedule>) {
    const saved = await service<WithSchedule>('profile').patch('me', { schedule })
    queryClient.setQueryData(['profile', 'get', 'me'], saved)
  }

  if (profile.error) return <FetchError error={profile.error} onRetry={() => void profile.refetch()} />
  if (!profile.data) return <PageLoading />
  return (
    <>
      <PageHeader title={t('schedule.myTitle')} subtitle={t('schedule.mySubtitle')} />
      <div style={{ maxWidth: 960 }}>
        <ScheduleEditor schedule={profile.data.schedule} onSave={save} readOnly={!canEdit} />
      </div>
    </>
  )
}
