import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Alert, Button, Empty, Input, Segmented, Tag } from 'antd'
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
import { CHAT_TEXT_MAX, type ReplyChannel } from '../../../../domain/messaging/chat'
import { replyChoice } from './reply-channels'
import { useNow } from '../../components/useNow'
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
  /** The channel picked by hand (when both Telegram and WhatsApp can take the reply). */
  const [picked, setPicked] = useState<ReplyChannel | null>(null)
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

  const linked = !canSeeLinks || (links.data?.data.length ?? 0) > 0
  // WhatsApp's window closes while the conversation stays open: the choice follows the clock.
  const now = useNow()
  const choice = replyChoice(shown, linked, now)
  const channel = picked && choice.channels.includes(picked) ? picked : choice.preferred

  async function send(event?: FormEvent) {
    event?.preventDefault()
    const body = text.trim()
    if (!body || sending || !channel) return
    setSending(true)
    try {
      await createRecord('customer-chat-messages', [{ customerId, text: body, channel }])
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
      {canReply && (links.data || !canSeeLinks) && !channel && (
        <Alert type="info" showIcon className="chat-hint" title={t(choice.whatsappClosed ? 'messaging.chat.whatsappClosed' : 'messaging.chat.notLinked')} data-testid="chat-hint" />
      )}
      {canReply && channel && choice.channels.length > 1 && (
        <div className="chat-channel">
          <span id="chat-channel-label">{t('messaging.chat.channel')}</span>
          <Segmented
            size="small"
            value={channel}
            onChange={(value) => setPicked(value as ReplyChannel)}
            options={choice.channels.map((option) => ({ value: option, label: t(`messaging.channels.${option}`) }))}
            aria-labelledby="chat-channel-label"
            data-testid="chat-channel"
          />
        </div>
      )}
      {canReply && channel && (
        <form className="chat-compose" onSubmit={(event) => void send(event)}>
          <Input.TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKey}
            placeholder={t('messaging.chat.placeholderVia', { channel: t(`messaging.channels.${channel}`) })}
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
