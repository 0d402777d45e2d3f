import { useEffect, useState } from 'react'
import { Alert, Button, Card, Col, Form, Input, Row, Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { client } from '../../api/client'
import { useFind, usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { errorMessage, toast } from '../../app/toasts'
import { showServerError } from '../../components/form-errors'
import { appointmentEvents } from '../../../../server/src/services/messaging/notification-templates/notification-templates.shared'
import type { IntegrationPatch } from '../../../../server/src/services/messaging/integrations/integrations.shared'
import type { WhatsappCheck } from '../../../../server/src/services/messaging/whatsapp-integration/whatsapp-integration.shared'
import { whatsappButtonEvents, whatsappTemplateParameters } from '../../../../domain/messaging/whatsapp'
import './messaging.css'

type Templates = Record<(typeof appointmentEvents)[number], string>
type Values = { phoneNumberId: string; accessToken: string; appSecret: string; verifyToken: string; templates: Templates }

const TEMPLATE_NAME = /^[a-z0-9_]*$/

/**
 * The company profile's `integrations` tab, WhatsApp: the Cloud API number (phone number ID and
 * access token from Meta's App Dashboard; the app secret that signs the webhook's calls and the
 * verify token Meta checks it with), kept sealed and never shown again; the approved template of
 * each visit event (outside the 24-hour window only a template may go); a connection test that
 * names the number and gives the webhook's address to paste in Meta's dashboard.
 */
export function WhatsappSettings() {
  const { t } = useTranslation()
  const settings = useFind('integrations', {})
  const patch = usePatch('integrations')
  const canEdit = useCan('notifications', 'edit')
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const [check, setCheck] = useState<{ ok: WhatsappCheck } | { error: string } | null>(null)
  const row = settings.data?.data[0]

  useEffect(() => {
    if (!row) return
    form.setFieldsValue({ phoneNumberId: row.whatsapp.phoneNumberId, accessToken: '', appSecret: '', verifyToken: '', templates: row.whatsapp.templates })
  }, [row, form])

  async function save(values: Values) {
    if (!row) return
    setBusy(true)
    try {
      // Secrets left empty keep the stored ones.
      const secrets = Object.fromEntries((['accessToken', 'appSecret', 'verifyToken'] as const).filter((key) => values[key]).map((key) => [key, values[key].trim()]))
      const data: IntegrationPatch = { whatsapp: { phoneNumberId: values.phoneNumberId.trim(), templates: values.templates, ...secrets } }
      await patch(row._id, data)
      form.setFieldsValue({ accessToken: '', appSecret: '', verifyToken: '' })
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(form, error, ['whatsapp'])
    } finally {
      setBusy(false)
    }
  }

  async function test() {
    setCheck(null)
    setBusy(true)
    try {
      setCheck({ ok: await client.service('whatsapp-integration').create({}) })
      void settings.refetch()
    } catch (error) {
      setCheck({ error: errorMessage(error) })
    } finally {
      setBusy(false)
    }
  }

  if (!row) return null
  const { whatsapp } = row
  const secretState = (set: boolean) => (set ? t('messaging.whatsapp.saved') : t('messaging.whatsapp.notSaved'))
  const ready = whatsapp.accessTokenSet && Boolean(whatsapp.phoneNumberId)
  return (
    <Form form={form} layout="vertical" onFinish={save} disabled={!canEdit || busy} data-testid="whatsapp-settings" style={{ maxWidth: 720 }}>
      <Card
        title={t('messaging.whatsapp.title')}
        extra={<Tag color={ready ? 'green' : 'default'}>{ready ? t('messaging.whatsapp.configured') : t('messaging.whatsapp.notConfigured')}</Tag>}
        style={{ marginBottom: 16 }}
      >
        <Typography.Paragraph type="secondary">{t('messaging.whatsapp.intro')}</Typography.Paragraph>
        {whatsapp.displayPhoneNumber ? (
          <Typography.Paragraph>
            {t('messaging.whatsapp.number')}: <Typography.Text strong>{whatsapp.displayPhoneNumber}</Typography.Text>
            {whatsapp.verifiedName ? ` (${whatsapp.verifiedName})` : ''}
          </Typography.Paragraph>
        ) : null}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="phoneNumberId" label={t('messaging.whatsapp.phoneNumberId')} rules={[{ pattern: /^\d*$/, message: t('messaging.whatsapp.digitsOnly') }]}>
              <Input inputMode="numeric" placeholder="106540352242922" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="accessToken" label={t('messaging.whatsapp.accessToken')} extra={secretState(whatsapp.accessTokenSet)}>
              <Input.Password autoComplete="new-password" placeholder="EAAG…" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="appSecret" label={t('messaging.whatsapp.appSecret')} extra={secretState(whatsapp.appSecretSet)}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="verifyToken" label={t('messaging.whatsapp.verifyToken')} extra={secretState(whatsapp.verifyTokenSet)}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary">{t('messaging.whatsapp.secretsHint')}</Typography.Paragraph>
        <Typography.Title level={5}>{t('messaging.whatsapp.templates')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('messaging.whatsapp.templatesHint')}</Typography.Paragraph>
        {appointmentEvents.map((event) => (
          <Form.Item
            key={event}
            name={['templates', event]}
            label={t(`messaging.events.${event}`)}
            rules={[{ pattern: TEMPLATE_NAME, message: t('messaging.whatsapp.templateName') }]}
            extra={
              t('messaging.whatsapp.parameters', { list: whatsappTemplateParameters[event].map((name, index) => `{{${index + 1}}} ${t(`messaging.variables.${name}`)}`).join(', ') }) +
              (whatsappButtonEvents.includes(event) ? ` ${t('messaging.whatsapp.buttons')}` : '')
            }
          >
            <Input placeholder={t('messaging.whatsapp.noTemplate')} autoComplete="off" data-testid={`whatsapp-template-${event}`} />
          </Form.Item>
        ))}
        {check && 'ok' in check ? (
          <Alert
            type={check.ok.webhookReady ? 'success' : 'warning'}
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="whatsapp-check"
            message={t('messaging.whatsapp.connected', { number: check.ok.displayPhoneNumber, name: check.ok.verifiedName })}
            description={
              <>
                <div>{t('messaging.whatsapp.webhook')}</div>
                <Typography.Text code copyable className="whatsapp-hook">
                  {check.ok.webhookUrl}
                </Typography.Text>
                {check.ok.webhookReady ? null : <div>{t('messaging.whatsapp.webhookNotReady')}</div>}
              </>
            }
          />
        ) : null}
        {check && 'error' in check ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={check.error} data-testid="whatsapp-check" /> : null}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="whatsapp-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => void test()} disabled={!canEdit || busy || !ready} data-testid="whatsapp-test">
            {t('messaging.whatsapp.test')}
          </Button>
        </Space>
      </Card>
    </Form>
  )
}
