import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Alert, Button, Empty, Input, Tag } from 'antd'
import { SendOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { client } from '../../api/client'
import { createRecord, patchRecord, refreshService, useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { toastError } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import type { ChatMessage } from '../../../../server/src/services/messaging/customer-chat-messages/customer-chat-messages.shared'
import { CHAT_TEXT_MAX } from '../../../../domain/messaging/chat'
import { stateColors } from './CommunicationsList'
import './messaging.css'

const PAGE = 50
const MAX_SHOWN = 200

/** A message's bubble: the patient's on the left, the clinic's on the right with its delivery state. */
function Bubble({ message }: { message: ChatMessage }) {
  const { t } = useTranslation()
  const format = useFormat()
  const out = message.direction === 'out'
  const when = message.state === 'scheduled' && message.dueAt ? message.dueAt : (message.deliveredAt ?? message.sentAt ?? message.createdAt)
  return (
    <div className={out ? 'chat-row chat-row-out' : 'chat-row'}>
      <div className={out ? 'chat-bubble chat-bubble-out' : 'chat-bubble'} data-testid="chat-bubble" data-direction={message.direction} data-state={message.state}>
        {out && message.event && message.event !== 'chatReply' && <div className="chat-bubble-event">{t(`messaging.events.${message.event}`)}</div>}
        {message.subject && <div className="chat-bubble-event">{message.subject}</div>}
        <div className="chat-bubble-text">{message.text}</div>
        <div className="chat-bubble-meta">
          <span>{t(`messaging.channels.${message.channel}`)}</span>
          <span>{format.dateTime(when)}</span>
          {out && (
            <Tag color={stateColors[message.state as keyof typeof stateColors]} className="chat-bubble-state" data-testid="chat-bubble-state" title={message.error ?? undefined}>
              {t(`messaging.states.${message.state}`)}
            </Tag>
          )}
        </div>
      </div>
    </div>
  )
}

/**
 * One patient's conversation (the card's chat tab, /pulse/customer/{id}): what they wrote and
 * what went to them (replies, visit notices, reminders) in time order, each sent message with
 * its state, live. Opening it marks the conversation read for the whole clinic; the reply box
 * sits at the bottom (Enter sends, Shift+Enter a new line) for those who may reply.
 */
export function ChatView({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const [limit, setLimit] = useState(PAGE)
  const messages = useFind('customer-chat-messages', { customerId, $limit: limit })
  const canReply = useCan('communications', 'create')
  const canSeeLinks = useCan('customers', 'view')
  const links = useFind('telegram', { customerId, $limit: 1 }, canReply && canSeeLinks)
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const scroller = useRef<HTMLDivElement>(null)
  const shown = [...(messages.data?.data ?? [])].reverse()
  const newest = shown.at(-1)?._id

  // A sent message changes state on the outbox (`communications`): its bubble follows.
  useEffect(() => {
    const log = client.service('communications')
    const changed = (row: { customerId?: string | null }) => {
      if (row?.customerId === customerId) void refreshService('customer-chat-messages')
    }
    log.on('patched', changed)
    log.on('created', changed)
    return () => {
      log.off('patched', changed)
      log.off('created', changed)
    }
  }, [customerId])

  // Read: the patient's newest message not yet read by the clinic is marked, once.
  const unreadNewest = [...shown].reverse().find((message) => message.direction === 'in')
  const markId = unreadNewest && unreadNewest.read === false ? unreadNewest._id : null
  useEffect(() => {
    if (markId) void patchRecord('customer-chat-messages', [markId, { read: true }]).catch(() => undefined)
  }, [markId])

  // The newest message in view when the conversation opens and when one arrives.
  useLayoutEffect(() => {
    const box = scroller.current
    if (box) box.scrollTop = box.scrollHeight
  }, [newest])

  async function send(event?: FormEvent) {
    event?.preventDefault()
    const body = text.trim()
    if (!body || sending) return
    setSending(true)
    try {
      await createRecord('customer-chat-messages', [{ customerId, text: body }])
      setText('')
    } catch (error) {
      toastError(error)
    } finally {
      setSending(false)
    }
  }

  function onKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void send()
    }
  }

  if (messages.error) return <FetchError error={messages.error} onRetry={() => void messages.refetch()} />
  if (!messages.data) return <PageLoading />
  const linked = !canSeeLinks || (links.data?.data.length ?? 0) > 0
  return (
    <div className="chat-view" data-testid="chat-view">
      <div className="chat-messages" ref={scroller}>
        {messages.data.total > shown.length && limit < MAX_SHOWN && (
          <div className="chat-earlier">
            <Button size="small" onClick={() => setLimit((value) => Math.min(MAX_SHOWN, value + PAGE))}>{t('messaging.chat.earlier')}</Button>
          </div>
        )}
        {shown.length === 0 ? <Empty description={t('messaging.chat.empty')} /> : shown.map((message) => <Bubble key={message._id} message={message} />)}
      </div>
      {canReply && (links.data || !canSeeLinks) && !linked && <Alert type="info" showIcon className="chat-hint" title={t('messaging.chat.notLinked')} />}
      {canReply && linked && (
        <form className="chat-compose" onSubmit={(event) => void send(event)}>
          <Input.TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKey}
            placeholder={t('messaging.chat.placeholder')}
            aria-label={t('messaging.chat.placeholder')}
            title={t('messaging.chat.sendHint')}
            autoSize={{ minRows: 1, maxRows: 5 }}
            maxLength={CHAT_TEXT_MAX}
            data-testid="chat-input"
          />
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending} disabled={!text.trim()} aria-label={t('messaging.chat.send')} data-testid="chat-send">
            <span className="chat-send-label">{t('messaging.chat.send')}</span>
          </Button>
        </form>
      )}
    </div>
  )
}
