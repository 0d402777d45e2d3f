import { Card, Empty, List } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { FetchError } from '../../components/FetchError'
import { CallRow } from './CallRow'
import { usePbxReady } from './usePbxReady'

/**
 * The patient's calls in their communications timeline (issue 20, item 5): direction, the spec's
 * state, when, how long, and the recording. Live: a call the PBX reports appears and moves on by
 * itself (the `calls` events). Shown once the area's texts are there (CallsList).
 */
export function PatientCalls({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const calls = useFind('calls', { customerId, $limit: 50 })
  const pbx = usePbxReady()
  if (calls.error) return <FetchError error={calls.error} onRetry={() => void calls.refetch()} />
  const rows = calls.data?.data ?? []
  // No PBX and no calls: nothing to show (the card would only say "no calls yet").
  if (rows.length === 0 && (!pbx.loaded || !pbx.connected)) return null
  return (
    <Card title={t('calls.title')} size="small" style={{ marginBottom: 16 }} data-testid="patient-calls">
      {rows.length === 0 && !calls.isLoading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('calls.none')} />
      ) : (
        <List
          loading={calls.isLoading}
          dataSource={rows}
          renderItem={(call) => <CallRow key={call._id} call={call} />}
        />
      )}
    </Card>
  )
}
