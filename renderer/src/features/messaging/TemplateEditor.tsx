import { useEffect, useMemo, useRef, useState } from 'react'
import { Alert, Button, Card, Col, Form, Input, Popconfirm, Row, Segmented, Select, Space, Tag, Typography } from 'antd'
import type { TextAreaRef } from 'antd/es/input/TextArea'
import { useTranslation } from 'react-i18next'
import { useCreate, useFind, usePatch, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { toast } from '../../app/toasts'
import { showServerError } from '../../components/form-errors'
import { TemplateTextArea } from '../../components/TemplateTextArea'
import {
  messageChannels, notificationEvents, renderTemplate, shippedTemplate, smsLength, templateLocales, templateVariables, tidyMessage, unknownVariables,
  type MessageChannel, type NotificationEvent, type TemplateLocale, type TemplateVariable
} from '../../../../server/src/services/messaging/notification-templates/notification-templates.shared'
import './messaging.css'


/** Example values for the preview, in the interface language. */
function useSampleValues(): Record<TemplateVariable, string> {
  const { t } = useTranslation()
  return Object.fromEntries(templateVariables.map((name) => [name, t(`messaging.sample.${name}`)])) as Record<TemplateVariable, string>
}

/** The SMS counter: characters, parts, encoding and what is left in the last part. */
export function SegmentCounter({ text }: { text: string }) {
  const { t } = useTranslation()
  const length = smsLength(text)
  return (
    <Typography.Text type={length.segments > 2 ? 'warning' : 'secondary'} className="template-counter" data-testid="segment-counter" data-segments={length.segments}>
      {t('messaging.counter', { characters: length.units, count: length.segments, encoding: length.encoding === 'gsm7' ? 'GSM-7' : 'UCS-2', left: length.remaining })}
    </Typography.Text>
  )
}

export function TemplateEditor() {
  const { t } = useTranslation()
  const [event, setEvent] = useState<NotificationEvent>('reminder')
  const [channel, setChannel] = useState<MessageChannel>('sms')
  const [locale, setLocale] = useState<TemplateLocale>('ru')
  const templates = useFind('notification-templates', { $limit: 100 })
  const create = useCreate('notification-templates')
  const patch = usePatch('notification-templates')
  const remove = useRemove('notification-templates')
  const canEdit = useCan('notifications', 'edit')
  const samples = useSampleValues()
  const [form] = Form.useForm<{ subject: string; body: string }>()
  const body = Form.useWatch('body', form) ?? ''
  const subject = Form.useWatch('subject', form) ?? ''
  const bodyRef = useRef<TextAreaRef>(null)
  const [busy, setBusy] = useState(false)

  const own = useMemo(
    () => templates.data?.data.find((item) => item.event === event && item.channel === channel && item.locale === locale),
    [templates.data, event, channel, locale]
  )
  const shown = own ?? shippedTemplate(event, locale)
  useEffect(() => {
    form.setFieldsValue({ subject: shown.subject, body: shown.body })
  }, [form, shown.subject, shown.body])

  /** Puts `{{name}}` where the cursor is in the body. */
  function insert(name: TemplateVariable) {
    const area = bodyRef.current?.resizableTextArea?.textArea
    const token = `{{${name}}}`
    const start = area?.selectionStart ?? body.length
    const end = area?.selectionEnd ?? body.length
    form.setFieldValue('body', body.slice(0, start) + token + body.slice(end))
    requestAnimationFrame(() => {
      area?.focus()
      area?.setSelectionRange(start + token.length, start + token.length)
    })
  }

  async function save(values: { subject: string; body: string }) {
    setBusy(true)
    try {
      if (own) await patch(own._id, { subject: values.subject ?? '', body: values.body })
      else await create({ event, channel, locale, subject: values.subject ?? '', body: values.body })
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(form, error, ['subject', 'body'])
    } finally {
      setBusy(false)
    }
  }

  async function reset() {
    if (!own) return
    await remove(own._id)
    toast.success(t('messaging.templates.resetDone'))
  }

  if (templates.error) return <FetchError error={templates.error} onRetry={() => void templates.refetch()} />
  if (!templates.data) return <PageLoading />
  const unknown = unknownVariables(`${subject} ${body}`)
  const preview = tidyMessage(renderTemplate(body, samples))
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label={t('messaging.templates.event')}
          data-testid="template-event"
          value={event}
          onChange={setEvent}
          style={{ minWidth: 220 }}
          options={notificationEvents.map((item) => ({ value: item, label: t(`messaging.events.${item}`) }))}
        />
        <Segmented value={channel} onChange={(value) => setChannel(value as MessageChannel)} options={messageChannels.map((item) => ({ value: item, label: t(`messaging.channels.${item}`) }))} />
        <Select
          aria-label={t('messaging.templates.language')}
          value={locale}
          onChange={setLocale}
          style={{ minWidth: 140 }}
          options={templateLocales.map((item) => ({ value: item, label: t(`messaging.languages.${item}`) }))}
        />
        <Tag color={own ? 'blue' : 'default'}>{own ? t('messaging.templates.own') : t('messaging.templates.shipped')}</Tag>
      </Space>
      <Row gutter={24}>
        <Col xs={24} lg={14}>
          <Form form={form} layout="vertical" onFinish={save} disabled={!canEdit || busy}>
            {channel === 'email' ? (
              <Form.Item name="subject" label={t('messaging.templates.subject')}>
                <Input maxLength={200} />
              </Form.Item>
            ) : null}
            <Typography.Text type="secondary">{t('messaging.templates.variablesHint')}</Typography.Text>
            <div className="template-chips" role="group" aria-label={t('messaging.templates.variables')}>
              {templateVariables.map((name) => (
                <Tag key={name} color="geekblue" onClick={() => canEdit && insert(name)} data-testid={`variable-${name}`}>
                  {`{{${name}}}`} · {t(`messaging.variables.${name}`)}
                </Tag>
              ))}
            </div>
            <Form.Item name="body" label={t('messaging.templates.body')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
              <TemplateTextArea templatePlace="messages" ref={bodyRef} autoSize={{ minRows: 4, maxRows: 12 }} maxLength={2000} data-testid="template-body" />
            </Form.Item>
            {unknown.length > 0 ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('messaging.templates.unknown', { names: unknown.map((name) => `{{${name}}}`).join(', ') })} /> : null}
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={busy} data-testid="template-save">
                {t('common.save')}
              </Button>
              {own ? (
                <Popconfirm title={t('messaging.templates.resetConfirm')} onConfirm={() => void reset()}>
                  <Button>{t('messaging.templates.reset')}</Button>
                </Popconfirm>
              ) : null}
            </Space>
          </Form>
        </Col>
        <Col xs={24} lg={10}>
          <Typography.Title level={5}>{t('messaging.templates.preview')}</Typography.Title>
          {channel === 'email' ? <Typography.Paragraph strong>{renderTemplate(subject, samples)}</Typography.Paragraph> : null}
          <div className="template-preview" data-testid="template-preview">
            {preview}
          </div>
          {channel === 'sms' ? <SegmentCounter text={preview} /> : null}
        </Col>
      </Row>
    </Card>
  )
}
