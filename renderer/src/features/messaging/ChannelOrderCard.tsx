import { useState } from 'react'
import { Button, Card, List, Space, Typography } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind, usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { toast } from '../../app/toasts'
import { showServerError } from '../../components/form-errors'
import { effectiveChannelOrder } from '../../../../domain/messaging/channel-order'

/**
 * Which of Telegram, WhatsApp and SMS a visit message tries first: the first channel that can
 * reach the patient carries it (Telegram: linked; WhatsApp: a template, or the patient wrote in
 * the last 24 hours; SMS: consent). An order saved before WhatsApp existed shows it where the
 * server puts it (after the named ones).
 */
export function ChannelOrderCard() {
  const { t } = useTranslation()
  const settings = useFind('integrations', {})
  const patch = usePatch('integrations')
  const canEdit = useCan('notifications', 'edit')
  const [busy, setBusy] = useState(false)
  const row = settings.data?.data[0]
  if (!row) return null
  const order = effectiveChannelOrder(row.rules.channelOrder)

  async function move(index: number, step: -1 | 1) {
    if (!row) return
    const next = [...order]
    ;[next[index], next[index + step]] = [next[index + step], next[index]]
    setBusy(true)
    try {
      await patch(row._id, { rules: { ...row.rules, channelOrder: next } })
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(undefined, error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card title={t('messaging.channelOrder.title')} style={{ maxWidth: 720, marginBottom: 16 }} data-testid="channel-order">
      <Typography.Paragraph type="secondary">{t('messaging.channelOrder.hint')}</Typography.Paragraph>
      <List
        size="small"
        bordered
        dataSource={order}
        renderItem={(channel, index) => (
          <List.Item
            actions={
              canEdit
                ? [
                    <Button key="up" size="small" icon={<ArrowUpOutlined />} disabled={busy || index === 0} onClick={() => void move(index, -1)} aria-label={t('messaging.channelOrder.up', { channel: t(`messaging.channels.${channel}`) })} />,
                    <Button key="down" size="small" icon={<ArrowDownOutlined />} disabled={busy || index === order.length - 1} onClick={() => void move(index, 1)} aria-label={t('messaging.channelOrder.down', { channel: t(`messaging.channels.${channel}`) })} />
                  ]
                : []
            }
          >
            <Space>
              <Typography.Text type="secondary">{index + 1}.</Typography.Text>
              <span data-testid={`channel-order-${index}`}>{t(`messaging.channels.${channel}`)}</span>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  )
}
