import { useEffect, useState, type ReactNode } from 'react'
import { Button, List, Space, Tag, Typography } from 'antd'
import { PhoneOutlined, PlayCircleOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import { errorMessage, toast } from '../../app/toasts'
import type { Call } from '../../../../server/src/services/telephony/calls/calls.shared'
import { callDuration, callStateColor } from './call-format'
import { recordingObjectUrl } from './recording'

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
 * One call in a list: direction, the spec's state, when, how long, and the recording. `who`: what
 * a company-wide log adds in front (the patient or the number, the line, who answered).
 */
export function CallRow({ call, who }: { call: Call; who?: ReactNode }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <List.Item data-testid="call-row" data-state={call.state}>
      <Space wrap size="middle" style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <PhoneOutlined rotate={call.direction === 'inbound' ? 225 : 45} />
          {who}
          <Typography.Text>{t(`calls.directions.${call.direction}`)}</Typography.Text>
          <Tag color={callStateColor[call.state]}>{t(`calls.states.${call.state}`)}</Tag>
          <Typography.Text type="secondary">{format.dateTime(call.startedAt)}</Typography.Text>
          {call.endedAt ? <Typography.Text type="secondary">{t('calls.duration', { time: callDuration(call.talkTime || call.duration) })}</Typography.Text> : null}
        </Space>
        {call.hasRecording ? <Recording call={call} /> : null}
      </Space>
    </List.Item>
  )
}
