import { Badge, Empty, Grid } from 'antd'
import { ArrowLeftOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useFind, useGet } from '../../api/live'
import { FetchError } from '../../components/FetchError'
import { PageHeader } from '../../components/PageHeader'
import { PageLoading } from '../../components/PageLoading'
import { useFormat } from '../../i18n/format'
import type { ChatMessage } from '../../../../server/src/services/messaging/customer-chat-messages/customer-chat-messages.shared'
import { customerName } from '../customers/customer-name'
import { ChatView } from './ChatView'
import './messaging.css'

/** The inbox: one row per conversation, newest first, with its last message and unread count, live. */
function Conversations({ activeId }: { activeId?: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const inbox = useFind('customer-chat-messages', { $limit: 100 })
  const rows = inbox.data?.data ?? []
  const ids = rows.map((row) => row.customerId)
  const patients = useFind('customers', { _id: { $in: ids }, $limit: ids.length || 1 }, ids.length > 0)
  const names = new Map((patients.data?.data ?? []).map((customer) => [customer._id, customerName(customer)]))
  if (inbox.error) return <FetchError error={inbox.error} onRetry={() => void inbox.refetch()} />
  if (!inbox.data) return <PageLoading />
  if (rows.length === 0) return <Empty className="pulse-empty" description={t('messaging.chat.inboxEmpty')} />
  return (
    <ul className="pulse-list" data-testid="pulse-list">
      {rows.map((row: ChatMessage) => (
        <li key={row.customerId}>
          <Link
            to={`/pulse/customer/${row.customerId}`}
            className={row.customerId === activeId ? 'pulse-item pulse-item-active' : 'pulse-item'}
            data-testid="pulse-conversation"
            data-unread={row.unread ?? 0}
          >
            <span className="pulse-item-head">
              <span className="pulse-item-name">{names.get(row.customerId) ?? t('messaging.chat.patient')}</span>
              <span className="pulse-item-time">{format.dateTime(row.createdAt)}</span>
            </span>
            <span className="pulse-item-body">
              <span className="pulse-item-text">
                {row.direction === 'out' ? `${t('messaging.chat.clinic')}: ` : ''}
                {row.text}
              </span>
              {(row.unread ?? 0) > 0 && <Badge count={row.unread} title={t('messaging.chat.unread', { count: row.unread })} data-testid="pulse-unread-count" />}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** The open conversation's head: the patient's name, a link to their card, back to the list on a phone. */
function ConversationHead({ customerId, phone }: { customerId: string; phone: boolean }) {
  const { t } = useTranslation()
  const customer = useGet('customers', customerId)
  return (
    <div className="pulse-chat-head">
      {phone && (
        <Link to="/pulse" className="pulse-back" aria-label={t('messaging.chat.back')} title={t('messaging.chat.back')}>
          <ArrowLeftOutlined />
        </Link>
      )}
      <strong className="pulse-chat-name">{customer.data ? customerName(customer.data) : ''}</strong>
      <Link to={`/customer/${customerId}/chat`}>{t('messaging.chat.openCard')}</Link>
    </div>
  )
}

/**
 * /pulse and /pulse/customer/{id} (spec section 2): the clinic's shared inbox. The
 * conversations on the left, the open one on the right; on a phone one at a time (the list, or
 * the conversation with a way back). Needs `communications: view` (the sidebar links it then).
 */
export default function PulsePage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const phone = !Grid.useBreakpoint().md
  return (
    <>
      {!(phone && id) && <PageHeader title={t('messaging.chat.title')} />}
      <div className={id ? 'pulse pulse-open' : 'pulse'}>
        {!(phone && id) && (
          <div className="pulse-side">
            <Conversations activeId={id} />
          </div>
        )}
        {id ? (
          <div className="pulse-chat">
            <ConversationHead customerId={id} phone={phone} />
            <ChatView key={id} customerId={id} />
          </div>
        ) : (
          !phone && <Empty className="pulse-pick" description={t('messaging.chat.pick')} />
        )}
      </div>
    </>
  )
}
