import { useEffect, useState } from 'react'
import { Button, Card, Empty, List, Space, Tag, Typography } from 'antd'
import { PhoneOutlined, PlayCircleOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { useFormat } from '../../i18n/format'
import { FetchError } from '../../components/FetchError'
import { errorMessage, toast } from '../../app/toasts'
import type { Call } from '../../../../server/src/services/telephony/calls/calls.shared'
import { callDuration, callStateColor } from './call-format'
import { recordingObjectUrl } from './recording'
import { usePbxReady } from './usePbxReady'

/** One call's recording: fetched through the server when asked for, then played here. */
function Recording({ call }: { call: Call }) {
  const { t } = useTranslation()
  const [url, setUrl] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url])
  if (url) return <audio src={url} controls autoPlay style={{ height: 32, maxWidth: '100%' }} data-testid="call-audio" />
  return (
    <Button
      size="small"
      icon={<PlayCircleOutlined />}
      loading={busy}
      data-testid="call-play"
      onClick={() => {
        setBusy(true)
        recordingObjectUrl(call._id)
          .then(setUrl, (error: unknown) => toast.error(errorMessage(error)))
          .finally(() => setBusy(false))
      }}
    >
      {t('calls.play')}
    </Button>
  )
}

/**
 * The patient's calls in their communications timeline (issue 20, item 5): direction, the spec's
 * state, when, how long, and the recording. Live: a call the PBX reports appears and moves on by
 * itself (the `calls` events). Shown once the area's texts are there (CallsList).
 */
export function PatientCalls({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const format = useFormat()
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
          renderItem={(call) => (
            <List.Item key={call._id} data-testid="call-row">
              <Space wrap size="middle" style={{ width: '100%', justifyContent: 'space-between' }}>
                <Space wrap>
                  <PhoneOutlined rotate={call.direction === 'inbound' ? 225 : 45} />
                  <Typography.Text>{t(`calls.directions.${call.direction}`)}</Typography.Text>
                  <Tag color={callStateColor[call.state]}>{t(`calls.states.${call.state}`)}</Tag>
                  <Typography.Text type="secondary">{format.dateTime(call.startedAt)}</Typography.Text>
                  {call.endedAt ? <Typography.Text type="secondary">{t('calls.duration', { time: callDuration(call.talkTime || call.duration) })}</Typography.Text> : null}
                </Space>
                {call.hasRecording ? <Recording call={call} /> : null}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  )
}
