import { useEffect, useState } from 'react'
import { Button, Card, Form, Input, Select, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFind, usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { toast } from '../../app/toasts'
import { showServerError } from '../../components/form-errors'
import type { Integration, IntegrationPatch } from '../../../../server/src/services/messaging/integrations/integrations.shared'
import './messaging.css'

type Provider = Integration['smsProvider']
type Values = {
  smsProvider: Provider
  eskiz: { email: string; from: string; password?: string }
  playmobile: { login: string; originator: string; password?: string }
  smsru: { from: string; apiId?: string }
}

const PROVIDERS: Provider[] = ['eskiz', 'playmobile', 'smsru']

/**
 * The integrations tab's SMS card: which provider sends the clinic's SMS (Eskiz, Play Mobile or
 * SMS.ru) and its account. Secrets are typed, sent once and never shown again (a field left empty
 * keeps the stored one). Play Mobile and SMS.ru post delivery reports to an address the clinic
 * registers with them: shown here to copy.
 */
export function SmsProviderSettings() {
  const { t } = useTranslation()
  const settings = useFind('integrations', {})
  const patch = usePatch('integrations')
  const canEdit = useCan('notifications', 'edit')
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const row = settings.data?.data[0]
  const chosen = (Form.useWatch('smsProvider', form) ?? row?.smsProvider ?? 'eskiz') as Provider

  useEffect(() => {
    if (!row) return
    form.setFieldsValue({
      smsProvider: row.smsProvider,
      eskiz: { email: row.eskiz.email, from: row.eskiz.from, password: '' },
      playmobile: { login: row.playmobile.login, originator: row.playmobile.originator, password: '' },
      smsru: { from: row.smsru.from, apiId: '' }
    })
  }, [row, form])

  async function save(values: Values) {
    if (!row) return
    setBusy(true)
    try {
      const data: IntegrationPatch = { smsProvider: values.smsProvider }
      // Only the chosen provider's account is sent; a secret left empty keeps the stored one.
      if (values.smsProvider === 'eskiz') {
        const { password, ...rest } = values.eskiz
        data.eskiz = { ...rest, ...(password ? { password } : {}) }
      } else if (values.smsProvider === 'playmobile') {
        const { password, ...rest } = values.playmobile
        data.playmobile = { ...rest, ...(password ? { password } : {}) }
      } else {
        const { apiId, ...rest } = values.smsru
        data.smsru = { ...rest, ...(apiId ? { apiId: apiId.trim() } : {}) }
      }
      await patch(row._id, data)
      form.setFieldValue(['eskiz', 'password'], '')
      form.setFieldValue(['playmobile', 'password'], '')
      form.setFieldValue(['smsru', 'apiId'], '')
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(form, error, ['eskiz', 'playmobile', 'smsru'])
    } finally {
      setBusy(false)
    }
  }

  if (settings.error) return <FetchError error={settings.error} onRetry={() => void settings.refetch()} />
  if (!row) return <PageLoading />
  const ready = { eskiz: row.eskiz.passwordSet && Boolean(row.eskiz.email), playmobile: row.playmobile.passwordSet && Boolean(row.playmobile.login), smsru: row.smsru.apiIdSet }
  const secretHint = t('messaging.settings.passwordHint')
  const reportUrl = chosen === 'playmobile' ? row.playmobile.reportUrl : chosen === 'smsru' ? row.smsru.reportUrl : ''
  return (
    <Form form={form} layout="vertical" onFinish={save} disabled={!canEdit || busy} data-testid="sms-provider-settings" style={{ maxWidth: 720 }}>
      <Card
        title={t('messaging.sms.title')}
        extra={<Tag color={ready[chosen] ? 'green' : 'default'}>{ready[chosen] ? t('messaging.sms.ready') : t('messaging.sms.notReady')}</Tag>}
        style={{ marginBottom: 16 }}
      >
        <Typography.Paragraph type="secondary">{t('messaging.sms.intro')}</Typography.Paragraph>
        <Form.Item name="smsProvider" label={t('messaging.sms.provider')}>
          <Select options={PROVIDERS.map((value) => ({ value, label: t(`messaging.sms.providers.${value}`) }))} data-testid="sms-provider" />
        </Form.Item>
        <div hidden={chosen !== 'eskiz'}>
          <Form.Item name={['eskiz', 'email']} label={t('messaging.settings.login')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name={['eskiz', 'password']} label={t('messaging.settings.password')} extra={secretHint}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name={['eskiz', 'from']} label={t('messaging.settings.sender')}>
            <Input placeholder="4546" maxLength={32} />
          </Form.Item>
        </div>
        <div hidden={chosen !== 'playmobile'}>
          <Form.Item name={['playmobile', 'login']} label={t('messaging.settings.login')}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item name={['playmobile', 'password']} label={t('messaging.settings.password')} extra={secretHint}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name={['playmobile', 'originator']} label={t('messaging.settings.sender')}>
            <Input placeholder="3700" maxLength={32} />
          </Form.Item>
        </div>
        <div hidden={chosen !== 'smsru'}>
          <Form.Item name={['smsru', 'apiId']} label={t('messaging.sms.apiId')} extra={row.smsru.apiIdSet ? `${t('messaging.sms.apiIdSet')}. ${secretHint}` : undefined}>
            <Input.Password autoComplete="new-password" placeholder="XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX" />
          </Form.Item>
          <Form.Item name={['smsru', 'from']} label={t('messaging.settings.sender')} extra={t('messaging.sms.fromHint')}>
            <Input maxLength={32} />
          </Form.Item>
        </div>
        {chosen !== 'eskiz' ? (
          <div className="sms-report-url" data-testid="sms-report-url">
            <Typography.Text strong>{t('messaging.sms.reports')}</Typography.Text>
            {reportUrl ? (
              <Typography.Paragraph code copyable={{ text: reportUrl }} style={{ wordBreak: 'break-all', marginBottom: 4 }}>
                {reportUrl}
              </Typography.Paragraph>
            ) : (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                {t('messaging.sms.reportsAfterSave')}
              </Typography.Paragraph>
            )}
            <Typography.Paragraph type="secondary">{t(`messaging.sms.reportsHint.${chosen}`)}</Typography.Paragraph>
          </div>
        ) : null}
        <Button type="primary" htmlType="submit" loading={busy} data-testid="sms-save">
          {t('common.save')}
        </Button>
      </Card>
    </Form>
  )
}
