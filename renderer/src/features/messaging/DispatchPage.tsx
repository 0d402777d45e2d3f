import { useState } from 'react'
import { Button, Card, Empty, Grid, List, Progress, Space, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { PageHeader } from '../../components/PageHeader'
import { PageLoading } from '../../components/PageLoading'
import { useFormat } from '../../i18n/format'
import type { Dispatch } from '../../../../server/src/services/messaging/dispatch/dispatch.shared'
import { DispatchDrawer } from './DispatchDrawer'
import { dispatchHandled, dispatchStateColors } from './dispatch-form'
import './messaging.css'

/**
 * /company/dispatch: the clinic's broadcasts, newest first, each with its state and progress, live
 * (the runner's `patched` events). A draft opens in the editor with the preview (who gets it, who
 * not and why, SMS parts, cost); a broadcast under way or done opens its figures and recipients.
 * For people who may view `notifications`.
 */
export default function DispatchPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const phone = !Grid.useBreakpoint().md
  const canCreate = useCan('notifications', 'create')
  const list = useFind('dispatch', { $sort: { createdAt: -1 }, $limit: 100 })
  const [open, setOpen] = useState<Dispatch | 'new' | null>(null)
  const opened = open && open !== 'new' ? (list.data?.data.find((item) => item._id === open._id) ?? open) : open

  return (
    <>
      <PageHeader
        title={t('messaging.dispatch.title')}
        subtitle={phone ? undefined : t('messaging.dispatch.subtitle')}
        extra={
          canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen('new')} aria-label={t('messaging.dispatch.new')} data-testid="dispatch-new">
              {phone ? null : t('messaging.dispatch.new')}
            </Button>
          ) : null
        }
      />
      <Card>
        {list.error ? (
          <FetchError error={list.error} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <PageLoading />
        ) : list.data.data.length === 0 ? (
          <Empty description={t('messaging.dispatch.empty')} />
        ) : (
          <List
            data-testid="dispatch-list"
            dataSource={list.data.data}
            renderItem={(item: Dispatch) => {
              const handled = dispatchHandled(item.progress)
              return (
                <List.Item key={item._id} data-testid="dispatch-item" data-state={item.state} className="dispatch-item" onClick={() => setOpen(item)}>
                  <div className="dispatch-item-body">
                    <Space wrap size={[8, 4]}>
                      <Typography.Text strong>{item.name}</Typography.Text>
                      <Tag color={dispatchStateColors[item.state]}>{t(`messaging.dispatch.states.${item.state}`)}</Tag>
                      <Typography.Text type="secondary">{format.dateTime(item.startedAt ?? item.createdAt)}</Typography.Text>
                    </Space>
                    {item.state !== 'draft' && handled.total > 0 ? (
                      <div className="dispatch-item-progress">
                        <Progress percent={Math.round((handled.done / handled.total) * 100)} size="small" status={item.state === 'sending' ? 'active' : 'normal'} />
                        <Typography.Text type="secondary">{t('messaging.dispatch.handled', { done: format.number(handled.done), total: format.number(handled.total) })}</Typography.Text>
                      </div>
                    ) : (
                      <Typography.Paragraph type="secondary" ellipsis={{ rows: 1 }} className="dispatch-item-text">
                        {item.text}
                      </Typography.Paragraph>
                    )}
                  </div>
                </List.Item>
              )
            }}
          />
        )}
      </Card>
      <DispatchDrawer dispatch={opened} onClose={() => setOpen(null)} onSaved={(saved) => setOpen(saved)} />
    </>
  )
}
