import { useTranslation } from 'react-i18next'
import { useGet, usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { ScheduleEditor } from './ScheduleEditor'
import { scheduleData, type Schedule } from './schedule'

/** /profile/schedule: my working hours (week and dated exceptions), saved through `profile`. */
export default function MySchedulePage() {
  const { t } = useTranslation()
  const profile = useGet('profile', 'me')
  const canEdit = useCan('profile', 'edit')
  const patchProfile = usePatch('profile')

  async function save(schedule: Required<Schedule>) {
    await patchProfile('me', { schedule: scheduleData(schedule) })
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
