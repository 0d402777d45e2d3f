import { useEffect, useState } from 'react'
import { Button, Card, Form, Select, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFind, usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { toast } from '../../app/toasts'
import { showServerError } from '../../components/form-errors'
import type { Integration } from '../../../../server/src/services/messaging/integrations/integrations.shared'
import { orderedChannels, type OrderedChannel } from '../../../../domain/messaging/channel-order'
import './messaging.css'

type Channel = OrderedChannel
/** The orders offered: the three channels (the default), two either way round, or one alone (no fallback). */
const ORDERS = ['telegram,whatsapp,sms', 'whatsapp,telegram,sms', 'telegram,sms', 'sms,telegram', 'whatsapp,sms', 'sms', 'telegram', 'whatsapp'] as const
type Order = (typeof ORDERS)[number]
const toOrder = (channels: readonly Channel[] | undefined): Order => (channels ?? orderedChannels).join(',') as Order
const toChannels = (order: Order) => order.split(',') as Channel[]
/** '' = the branch follows the company's order. */
type Values = { company: Order; branches: Record<string, Order | ''> }

/**
 * The integrations tab's channel order: which channel a visit message tries first, and the next
 * one when the first cannot reach the patient (not linked, no bot, the bot blocked, no WhatsApp
 * template outside the 24-hour window, the SMS refused). The company's order, and a branch's own where it differs (docs/decisions/messaging.md).
 */
export function ChannelOrderSettings() {
  const { t } = useTranslation()
  const settings = useFind('integrations', {})
  const branches = useFind('branches', { archived: false, $limit: 100, $sort: { name: 1 } })
  const patch = usePatch('integrations')
  const canEdit = useCan('notifications', 'edit')
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const row = settings.data?.data[0]

  const branchList = branches.data?.data
  useEffect(() => {
    if (!row) return
    const own = row.rules.branchChannelOrder ?? {}
    const listed = (branchList ?? []).map((branch): [string, Order | ''] => [branch._id, own[branch._id] ? toOrder(own[branch._id]) : ''])
    form.setFieldsValue({ company: toOrder(row.rules.channelOrder), branches: Object.fromEntries(listed) })
  }, [row, branchList, form])

  async function save(values: Values) {
    if (!row) return
    setBusy(true)
    try {
      const listed = new Set((branches.data?.data ?? []).map((branch) => branch._id))
      // A branch set to "as the company" has no order of its own; branches not listed now (archived) keep theirs.
      const kept = Object.entries(row.rules.branchChannelOrder ?? {}).filter(([id]) => !listed.has(id))
      const chosen = Object.entries(values.branches ?? {}).filter(([id, order]) => listed.has(id) && order) as Array<[string, Order]>
      const rules: Integration['rules'] = {
        ...row.rules,
        channelOrder: toChannels(values.company),
        branchChannelOrder: Object.fromEntries([...kept, ...chosen.map(([id, order]) => [id, toChannels(order)] as const)])
      }
      await patch(row._id, { rules })
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(form, error, ['rules'])
    } finally {
      setBusy(false)
    }
  }

  if (settings.error) return <FetchError error={settings.error} onRetry={() => void settings.refetch()} />
  if (!row) return <PageLoading />
  const options = ORDERS.map((value) => ({ value, label: t(`messaging.order.orders.${value.replaceAll(',', '-')}`) }))
  const branchRows = branchList ?? []
  return (
    <Form form={form} layout="vertical" onFinish={save} disabled={!canEdit || busy} data-testid="channel-order-settings" style={{ maxWidth: 720 }}>
      <Card title={t('messaging.order.title')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">{t('messaging.order.intro')}</Typography.Paragraph>
        <Form.Item name="company" label={t('messaging.order.company')}>
          <Select options={options} data-testid="channel-order-company" />
        </Form.Item>
        {branchRows.length > 1 || Object.keys(row.rules.branchChannelOrder ?? {}).length > 0
          ? branchRows.map((branch) => (
              <Form.Item key={branch._id} name={['branches', branch._id]} label={branch.name}>
                <Select options={[{ value: '', label: t('messaging.order.asCompany') }, ...options]} aria-label={`${t('messaging.order.branch')}: ${branch.name}`} />
              </Form.Item>
            ))
          : null}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="channel-order-save">
          {t('common.save')}
        </Button>
      </Card>
    </Form>
  )
}
