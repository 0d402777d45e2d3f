import { useEffect, useState } from 'react'
import { Button, Card, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFind, usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { toast } from '../../app/toasts'
import { showServerError } from '../../components/form-errors'
import { appointmentEvents } from '../../../../server/src/services/messaging/notification-templates/notification-templates.shared'
import type { Integration, IntegrationPatch } from '../../../../server/src/services/messaging/integrations/integrations.shared'
import { reminderUnits } from '../../../../server/src/services/appointments/appointment/appointment.shared'
import './messaging.css'


type Values = {
  rules: Integration['rules']
  reminderOn: boolean
  smtp: { host: string; port: number; secure: boolean; user: string; from: string; password?: string }
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

export function NotificationSettings() {
  const { t } = useTranslation()
  const settings = useFind('integrations', {})
  const patch = usePatch('integrations')
  const canEdit = useCan('notifications', 'edit')
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const row = settings.data?.data[0]
  const reminderOn = Form.useWatch('reminderOn', form)

  useEffect(() => {
    if (!row) return
    form.setFieldsValue({
      rules: {
        ...row.rules,
        // Telegram and WhatsApp are on unless switched off (settings saved before them have no switch).
        events: Object.fromEntries(Object.entries(row.rules.events).map(([event, switches]) => [event, { ...switches, telegram: switches.telegram ?? true, whatsapp: switches.whatsapp ?? true }])) as Integration['rules']['events'],
        reminder: row.rules.reminder ?? { amount: 1, unit: 'days' }
      },
      reminderOn: row.rules.reminder !== null,
      smtp: { host: row.smtp.host, port: row.smtp.port, secure: row.smtp.secure, user: row.smtp.user, from: row.smtp.from, password: '' }
    })
  }, [row, form])

  async function save(values: Values) {
    if (!row) return
    setBusy(true)
    try {
      const { password: smtpPassword, ...smtp } = values.smtp
      const data: IntegrationPatch = {
        // The channel order (integrations tab) is not on this form: kept as stored.
        rules: { ...row.rules, ...values.rules, reminder: values.reminderOn ? values.rules.reminder : null },
        // A password left empty keeps the stored one. The SMS account is on the integrations tab.
        smtp: { ...smtp, port: Number(smtp.port) || 587, ...(smtpPassword ? { password: smtpPassword } : {}) }
      }
      await patch(row._id, data)
      form.setFieldValue(['smtp', 'password'], '')
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(form, error, ['rules', 'smtp'])
    } finally {
      setBusy(false)
    }
  }

  if (settings.error) return <FetchError error={settings.error} onRetry={() => void settings.refetch()} />
  if (!row) return <PageLoading />
  const passwordState = (set: boolean) => <Tag color={set ? 'green' : 'default'}>{set ? t('messaging.settings.passwordSet') : t('messaging.settings.passwordNotSet')}</Tag>
  return (
    <Form form={form} layout="vertical" onFinish={save} disabled={!canEdit || busy} data-testid="notification-settings">
      <Card title={t('messaging.settings.events')} style={{ marginBottom: 16 }}>
        <Table
          className="notification-events"
          size="small"
          pagination={false}
          rowKey="event"
          scroll={{ x: true }}
          dataSource={appointmentEvents.map((event) => ({ event }))}
          columns={[
            { title: t('messaging.settings.event'), dataIndex: 'event', render: (event: string) => t(`messaging.events.${event}`) },
            ...(['telegram', 'whatsapp', 'sms', 'email'] as const).map((channel) => ({
              title: t(`messaging.channels.${channel}`),
              key: channel,
              align: 'center' as const,
              render: (_: unknown, { event }: { event: string }) => (
                <Form.Item name={['rules', 'events', event, channel]} valuePropName="checked" noStyle>
                  <Checkbox aria-label={`${t(`messaging.events.${event}`)}: ${t(`messaging.channels.${channel}`)}`} />
                </Form.Item>
              )
            }))
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('messaging.settings.consentHint')}
        </Typography.Paragraph>
      </Card>
      <Card title={t('messaging.settings.timing')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name={['rules', 'quietHours', 'start']} label={t('messaging.settings.windowStart')} rules={[{ pattern: TIME, message: t('messaging.settings.timeFormat') }]}>
              <Input placeholder="09:00" inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name={['rules', 'quietHours', 'end']} label={t('messaging.settings.windowEnd')} rules={[{ pattern: TIME, message: t('messaging.settings.timeFormat') }]}>
              <Input placeholder="20:00" inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={['rules', 'graceMinutes']} label={t('messaging.settings.grace')} extra={t('messaging.settings.graceHint')}>
              <InputNumber min={0} max={60} addonAfter={t('common.minutesShort')} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary">{t('messaging.settings.windowHint')}</Typography.Paragraph>
        <Space wrap align="center">
          <Form.Item name="reminderOn" valuePropName="checked" noStyle>
            <Switch />
          </Form.Item>
          <span>{t('messaging.settings.reminder')}</span>
          <Form.Item name={['rules', 'reminder', 'amount']} noStyle>
            <InputNumber min={1} max={1000} disabled={!reminderOn || !canEdit} aria-label={t('messaging.settings.reminderAmount')} />
          </Form.Item>
          <Form.Item name={['rules', 'reminder', 'unit']} noStyle>
            <Select disabled={!reminderOn || !canEdit} style={{ minWidth: 120 }} options={reminderUnits.map((unit) => ({ value: unit, label: t(`messaging.units.${unit}`) }))} aria-label={t('messaging.settings.reminderUnit')} />
          </Form.Item>
          <span>{t('messaging.settings.beforeVisit')}</span>
        </Space>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t('messaging.settings.smtp')} extra={passwordState(row.smtp.passwordSet)} style={{ marginBottom: 16 }}>
            <Row gutter={12}>
              <Col xs={16}>
                <Form.Item name={['smtp', 'host']} label={t('messaging.settings.host')}>
                  <Input placeholder="smtp.example.com" autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={8}>
                <Form.Item name={['smtp', 'port']} label={t('messaging.settings.port')}>
                  <InputNumber min={1} max={65535} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name={['smtp', 'secure']} valuePropName="checked">
              <Checkbox>{t('messaging.settings.secure')}</Checkbox>
            </Form.Item>
            <Form.Item name={['smtp', 'user']} label={t('messaging.settings.login')}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name={['smtp', 'password']} label={t('messaging.settings.password')} extra={t('messaging.settings.passwordHint')}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item name={['smtp', 'from']} label={t('messaging.settings.from')}>
              <Input placeholder="Clinic <clinic@example.com>" />
            </Form.Item>
          </Card>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="notification-settings-save">
        {t('common.save')}
      </Button>
    </Form>
  )
}
