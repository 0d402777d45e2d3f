import { useEffect, useState } from 'react'
import { Alert, Button, Card, Form, Input, Select, Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { client } from '../../api/client'
import { useFind, usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { errorMessage, toast } from '../../app/toasts'
import { showServerError } from '../../components/form-errors'
import type { IntegrationPatch } from '../../../../server/src/services/messaging/integrations/integrations.shared'
import type { TelegramCheck } from '../../../../server/src/services/messaging/telegram-integration/telegram-integration.shared'
import './messaging.css'

type Values = { token: string; mode: 'webhook' | 'polling' }

/**
 * The company profile's `integrations` tab: the clinic's Telegram bot (token from @BotFather,
 * kept sealed and never shown again; webhook or long polling), a connection test that names the
 * bot. Which channel a visit message tries first is the channel order's card (ChannelOrderSettings).
 */
export function TelegramSettings() {
  const { t } = useTranslation()
  const settings = useFind('integrations', {})
  const patch = usePatch('integrations')
  const canEdit = useCan('notifications', 'edit')
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const [check, setCheck] = useState<{ ok: TelegramCheck } | { error: string } | null>(null)
  const row = settings.data?.data[0]

  useEffect(() => {
    if (!row) return
    form.setFieldsValue({ token: '', mode: row.telegram.mode })
  }, [row, form])

  async function save(values: Values) {
    if (!row) return
    setBusy(true)
    try {
      const data: IntegrationPatch = {
        // A token left empty keeps the stored one.
        telegram: { mode: values.mode, ...(values.token ? { token: values.token.trim() } : {}) }
      }
      await patch(row._id, data)
      form.setFieldValue('token', '')
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(form, error, ['telegram.token'])
    } finally {
      setBusy(false)
    }
  }

  async function test() {
    setCheck(null)
    setBusy(true)
    try {
      setCheck({ ok: await client.service('telegram-integration').create({}) })
      void settings.refetch()
    } catch (error) {
      setCheck({ error: errorMessage(error) })
    } finally {
      setBusy(false)
    }
  }

  if (settings.error) return <FetchError error={settings.error} onRetry={() => void settings.refetch()} />
  if (!row) return <PageLoading />
  return (
    <Form form={form} layout="vertical" onFinish={save} disabled={!canEdit || busy} data-testid="telegram-settings" style={{ maxWidth: 720 }}>
      <Card
        title={t('messaging.telegram.title')}
        extra={<Tag color={row.telegram.tokenSet ? 'green' : 'default'}>{row.telegram.tokenSet ? t('messaging.telegram.tokenSet') : t('messaging.telegram.tokenNotSet')}</Tag>}
        style={{ marginBottom: 16 }}
      >
        <Typography.Paragraph type="secondary">{t('messaging.telegram.intro')}</Typography.Paragraph>
        {row.telegram.username ? (
          <Typography.Paragraph>
            {t('messaging.telegram.bot')}: <Typography.Text strong>@{row.telegram.username}</Typography.Text>
          </Typography.Paragraph>
        ) : null}
        <Form.Item name="token" label={t('messaging.telegram.token')} extra={t('messaging.telegram.tokenHint')}>
          <Input.Password autoComplete="new-password" placeholder="123456789:AA…" />
        </Form.Item>
        <Form.Item name="mode" label={t('messaging.telegram.mode')} extra={t('messaging.telegram.modeHint')}>
          <Select
            options={[
              { value: 'webhook', label: t('messaging.telegram.modes.webhook') },
              { value: 'polling', label: t('messaging.telegram.modes.polling') }
            ]}
          />
        </Form.Item>
        {check && 'ok' in check ? (
          <Alert type="success" showIcon style={{ marginBottom: 16 }} message={t('messaging.telegram.connected', { name: check.ok.firstName, username: check.ok.username })} data-testid="telegram-check" />
        ) : null}
        {check && 'error' in check ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={check.error} data-testid="telegram-check" /> : null}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="telegram-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => void test()} disabled={!canEdit || busy || !row.telegram.tokenSet} data-testid="telegram-test">
            {t('messaging.telegram.test')}
          </Button>
        </Space>
      </Card>
    </Form>
  )
}
