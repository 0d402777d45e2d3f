import { Alert, Empty, List, Space, Tag, Typography } from 'antd'
import { Link } from 'react-router'
import { MailOutlined, MessageOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { useFormat } from '../../i18n/format'
import type { Communication, CommunicationQuery, OutboxState } from '../../../../server/src/services/messaging/communications/communications.shared'
import { usePatientNames } from '../customers/usePatientNames'
import './messaging.css'

/** The colour of each state's tag: waiting blue, going/gone green, lost red, unknown orange. */
export const stateColors: Record<OutboxState, string> = {
  scheduled: 'blue', sending: 'processing', sent: 'cyan', delivered: 'green', failed: 'red', unknown: 'orange', cancelled: 'default'
}

/**
 * Messages newest first with their delivery state, live: one patient's (the card's tab) or the
 * company's, filtered (the communications screen, which names each message's patient).
 */
export function CommunicationsList({ customerId, filter = {} }: { customerId?: string; filter?: Pick<CommunicationQuery, 'channel' | 'state'> }) {
  const { t } = useTranslation()
  const format = useFormat()
  const messages = useFind('communications', { ...(customerId ? { customerId } : {}), ...filter, $sort: { createdAt: -1 }, $limit: 100 })
  const patients = usePatientNames(messages.data?.data, !customerId)
  if (messages.error) return <FetchError error={messages.error} onRetry={() => void messages.refetch()} />
  if (!messages.data) return <PageLoading />
  if (messages.data.data.length === 0) return <Empty description={t(customerId ? 'messaging.log.empty' : 'messaging.company.empty')} />
  return (
    <List
      className="messaging-log"
      data-testid="communications-list"
      dataSource={messages.data.data}
      renderItem={(message: Communication) => (
        <List.Item key={message._id} data-testid="communication" data-state={message.state}>
          <div className="messaging-log-row">
            <Space wrap size={[8, 4]}>
              {message.channel === 'email' ? <MailOutlined aria-hidden /> : <MessageOutlined aria-hidden />}
              {!customerId && message.customerId && <Link to={`/customer/${message.customerId}/communications`}>{patients.get(message.customerId) ?? t('messaging.company.patient')}</Link>}
              <Typography.Text strong>{t(`messaging.channels.${message.channel}`)}</Typography.Text>
              <Typography.Text>{t(`messaging.events.${message.event}`)}</Typography.Text>
              <Tag color={stateColors[message.state]} data-testid="communication-state">{t(`messaging.states.${message.state}`)}</Tag>
              <Typography.Text type="secondary">
                {message.state === 'scheduled' ? t('messaging.log.due', { at: format.dateTime(message.dueAt) }) : format.dateTime(message.deliveredAt ?? message.sentAt ?? message.updatedAt)}
              </Typography.Text>
            </Space>
            <Typography.Paragraph className="messaging-log-text" ellipsis={{ rows: 3, expandable: true }}>
              {message.subject ? <b>{message.subject}. </b> : null}
              {message.text}
            </Typography.Paragraph>
            <Typography.Text type="secondary" className="messaging-log-to">
              {message.channel === 'sms' || message.channel === 'whatsapp' ? (message.phone ? `+${message.phone}` : t('messaging.log.hiddenPhone')) : message.email}
              {message.segments > 1 ? ` · ${t('messaging.segments', { count: message.segments })}` : ''}
            </Typography.Text>
            {message.fallbackOf ? (
              <Typography.Text type="secondary" data-testid="communication-fallback">
                {t('messaging.log.fallback')}
              </Typography.Text>
            ) : null}
            {/* The provider's own words stay in the tooltip: they are often English or a code (ECONNREFUSED). */}
            {message.error && (message.state === 'failed' || message.state === 'unknown') ? (
              <div title={message.error}>
                <Alert type={message.state === 'failed' ? 'error' : 'warning'} showIcon title={t(message.state === 'unknown' ? 'messaging.log.unknownHint' : 'messaging.log.failedHint')} />
              </div>
            ) : null}
          </div>
        </List.Item>
      )}
    />
  )
}
