import { useState } from 'react'
import { Card, Select, Space, Tabs } from 'antd'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../api/permissions'
import { PageHeader } from '../../components/PageHeader'
import { CompanyCalls } from '../calls/CompanyCalls'
import { CommunicationsList } from './CommunicationsList'
import type { OutboxState } from '../../../../server/src/services/messaging/communications/communications.shared'
import './messaging.css'

const states: OutboxState[] = ['scheduled', 'sending', 'sent', 'delivered', 'failed', 'unknown', 'cancelled']
type Channel = 'sms' | 'email' | 'telegram' | 'whatsapp'
interface Filter {
  channel?: Channel
  state?: OutboxState
}

/**
 * /company/communications: every message the clinic sent or is about to send, newest first,
 * with its patient and delivery state, live; by channel and state ("what failed today?"). For
 * people who may see the whole company's log (`communications: seeAll`). The spec's
 * Communications screen holds the calls too: a second tab (`?tab=calls`) for those who may view
 * calls (CompanyCalls).
 */
export default function CommunicationsPage() {
  const { t } = useTranslation()
  const canViewCalls = useCan('onlinepbx-incoming-call', 'view')
  const [params, setParams] = useSearchParams()
  const tab = canViewCalls && params.get('tab') === 'calls' ? 'calls' : 'messages'
  return (
    <>
      <PageHeader title={t('messaging.tabs.communications')} subtitle={t('messaging.company.subtitle')} />
      <Card>
        {canViewCalls ? (
          <Tabs
            activeKey={tab}
            onChange={(key) => setParams(key === 'calls' ? { tab: 'calls' } : {}, { replace: true })}
            items={[
              { key: 'messages', label: t('messaging.company.messages'), children: <MessageLog /> },
              { key: 'calls', label: t('messaging.company.calls'), children: <CompanyCalls /> }
            ]}
          />
        ) : (
          <MessageLog />
        )}
      </Card>
    </>
  )
}

/** The messages, by channel and state. */
function MessageLog() {
  const { t } = useTranslation()
  const [filter, setFilter] = useState<Filter>({})
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('messaging.company.channel')}
          aria-label={t('messaging.company.channel')}
          value={filter.channel}
          onChange={(channel: Channel | undefined) => setFilter((current) => ({ ...current, channel }))}
          options={(['sms', 'whatsapp', 'telegram', 'email'] as const).map((channel) => ({ value: channel, label: t(`messaging.channels.${channel}`) }))}
        />
        <Select
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('messaging.company.state')}
          aria-label={t('messaging.company.state')}
          value={filter.state}
          onChange={(state: OutboxState | undefined) => setFilter((current) => ({ ...current, state }))}
          options={states.map((state) => ({ value: state, label: t(`messaging.states.${state}`) }))}
        />
      </Space>
      <CommunicationsList filter={{ ...(filter.channel ? { channel: filter.channel } : {}), ...(filter.state ? { state: filter.state } : {}) }} />
    </>
  )
}
