import './waiting-list.css'
import { useState } from 'react'
import { Button, Card, Tabs } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useCan } from '../../api/permissions'
import { PageHeader } from '../../components/PageHeader'
import type { CustomerRecord } from '../customers/customer-types'
import { DraftsTab } from './DraftsTab'
import { WaitingEntryModal } from './WaitingEntryModal'
import { WaitingTab } from './WaitingTab'
import type { WaitingListEntry } from './waiting-list-types'

type Dialog = { kind: 'add' } | { kind: 'edit'; entry: WaitingListEntry; customer: CustomerRecord | null }

/**
 * /appointments/waiting-list: customers waiting for a slot (tab "waiting") and appointments that
 * hold no slot yet, drafts and online requests (tab "unconfirmed", `?tab=unconfirmed`).
 */
export default function WaitingListPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const tab = params.get('tab') === 'unconfirmed' ? 'unconfirmed' : 'waiting'
  const canAdd = useCan('appointment', 'create')
  const [dialog, setDialog] = useState<Dialog | null>(null)

  return (
    <>
      <PageHeader
        title={t('waitingList.title')}
        subtitle={t('waitingList.subtitle')}
        extra={
          canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })} data-testid="waiting-add">
              {t('waitingList.add')}
            </Button>
          )
        }
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'waiting' ? {} : { tab: key }, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'waiting', label: t('waitingList.tabWaiting'), children: <WaitingTab onEdit={(entry, customer) => setDialog({ kind: 'edit', entry, customer })} /> },
            { key: 'unconfirmed', label: t('waitingList.tabUnconfirmed'), children: <DraftsTab /> }
          ]}
        />
      </Card>
      {dialog?.kind === 'add' && <WaitingEntryModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <WaitingEntryModal entry={dialog.entry} customer={dialog.customer} onClose={() => setDialog(null)} />}
    </>
  )
}
