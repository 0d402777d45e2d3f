import { useEffect, useMemo, useState } from 'react'
import { Alert, Button, Card, Form, Input, Select, Space, Tag, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind, usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { useTeamNames } from '../customer/useTeamNames'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { toast } from '../../app/toasts'
import { showServerError } from '../../components/form-errors'
import { onpbxDomain } from '../../../../domain/telephony/onlinepbx'
import type { OnlinePbxExtension, OnlinePbxIntegrationPatch, OnlinePbxLine } from '../../../../server/src/services/telephony/onlinepbx-integration/onlinepbx-integration.shared'

type Values = {
  domain: string
  apiKey: string
  crmToken: string
  lines: OnlinePbxLine[]
  extensions: OnlinePbxExtension[]
  defaultBranchId: string | null
  callbackAssigneeId: string | null
}

const FIELDS = ['domain', 'apiKey', 'crmToken', 'lines', 'extensions', 'defaultBranchId', 'callbackAssigneeId']

/**
 * The company profile's `integrations` tab: OnlinePBX (issue 20, item 4). The domain must be
 * `<name>.onpbx.ru` (the spec's message, checked here and on the server); the API key is checked
 * against the PBX when saved ("Wrong API key") and never shown again; the webhook's address to
 * paste into the PBX; which line rings which branch; each member's extension for click-to-call;
 * who calls back missed calls. Shown once the area's texts are there (OnlinePbxSettings).
 */
export function OnlinePbxSettingsForm() {
  const { t } = useTranslation()
  const settings = useFind('onlinepbx-integration', {})
  const patch = usePatch('onlinepbx-integration')
  const canEdit = useCan('onlinepbx-incoming-call', 'edit')
  const branches = useFind('branches', { $limit: 200, $sort: { name: 1 } })
  const team = useTeamNames()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const row = settings.data?.data[0]
  const branchOptions = useMemo(() => (branches.data?.data ?? []).filter((branch) => !branch.archived).map((branch) => ({ value: branch._id, label: branch.name })), [branches.data])
  const memberOptions = useMemo(() => [...team.entries()].map(([value, label]) => ({ value, label })), [team])

  useEffect(() => {
    if (!row) return
    form.setFieldsValue({ domain: row.domain, apiKey: '', crmToken: '', lines: row.lines, extensions: row.extensions, defaultBranchId: row.defaultBranchId, callbackAssigneeId: row.callbackAssigneeId })
  }, [row, form])

  async function save(values: Values) {
    if (!row) return
    setBusy(true)
    try {
      const data: OnlinePbxIntegrationPatch = {
        domain: values.domain.trim(),
        lines: values.lines ?? [],
        extensions: values.extensions ?? [],
        defaultBranchId: values.defaultBranchId ?? null,
        callbackAssigneeId: values.callbackAssigneeId ?? null,
        // Secrets left empty keep the stored ones.
        ...(values.apiKey ? { apiKey: values.apiKey.trim() } : {}),
        ...(values.crmToken ? { crmToken: values.crmToken.trim() } : {})
      }
      await patch(row._id, data)
      form.setFieldsValue({ apiKey: '', crmToken: '' })
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(form, error, FIELDS)
    } finally {
      setBusy(false)
    }
  }

  if (settings.error) return <FetchError error={settings.error} onRetry={() => void settings.refetch()} />
  if (!row) return <PageLoading />
  return (
    <Form form={form} layout="vertical" onFinish={save} disabled={!canEdit || busy} data-testid="onlinepbx-settings" style={{ maxWidth: 720 }}>
      <Card
        title={t('calls.settings.title')}
        extra={<Tag color={row.connected ? 'green' : 'default'}>{row.connected ? t('calls.settings.connected') : t('calls.settings.notConnected')}</Tag>}
        style={{ marginBottom: 16 }}
      >
        <Typography.Paragraph type="secondary">{t('calls.settings.intro')}</Typography.Paragraph>
        <Form.Item
          name="domain"
          label={t('calls.settings.domain')}
          extra={t('calls.settings.domainHint')}
          rules={[{ validator: async (_rule, value: string) => (!value || onpbxDomain(value) ? undefined : Promise.reject(new Error(t('errors.onpbx-domain-invalid')))) }]}
        >
          <Input placeholder="clinic.onpbx.ru" autoComplete="off" data-testid="onpbx-domain" />
        </Form.Item>
        <Form.Item name="apiKey" label={t('calls.settings.apiKey')} extra={row.apiKeySet ? t('calls.settings.apiKeyKept') : t('calls.settings.apiKeyHint')}>
          <Input.Password autoComplete="new-password" data-testid="onpbx-api-key" />
        </Form.Item>
        {row.webhookUrl ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('calls.settings.webhook')}
            description={
              <>
                <Typography.Paragraph copyable={{ text: row.webhookUrl }} style={{ marginBottom: 4 }} data-testid="onpbx-webhook">
                  <Typography.Text code style={{ wordBreak: 'break-all' }}>{row.webhookUrl}</Typography.Text>
                </Typography.Paragraph>
                <Typography.Text type="secondary">{t('calls.settings.webhookHint')}</Typography.Text>
              </>
            }
          />
        ) : null}
        <Form.Item name="crmToken" label={t('calls.settings.crmToken')} extra={t(row.crmTokenSet ? 'calls.settings.crmTokenKept' : 'calls.settings.crmTokenHint')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>

        <Typography.Title level={5}>{t('calls.settings.lines')}</Typography.Title>
        <Form.List name="lines">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} align="start" wrap>
                  <Form.Item name={[item.name, 'number']} rules={[{ required: true, pattern: /^\d+$/, message: t('calls.settings.digitsOnly') }]}>
                    <Input placeholder={t('calls.settings.lineNumber')} inputMode="numeric" style={{ width: 180 }} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'branchId']} rules={[{ required: true, message: t('errors.field-required') }]}>
                    <Select options={branchOptions} placeholder={t('calls.settings.branch')} style={{ width: 220 }} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} onClick={() => remove(item.name)} aria-label={t('calls.settings.remove')} />
                </Space>
              ))}
              <Form.Item>
                <Button icon={<PlusOutlined />} onClick={() => add({ number: '', branchId: undefined })}>{t('calls.settings.addLine')}</Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <Form.Item name="defaultBranchId" label={t('calls.settings.defaultBranch')} extra={t('calls.settings.defaultBranchHint')}>
          <Select allowClear options={branchOptions} />
        </Form.Item>

        <Typography.Title level={5}>{t('calls.settings.extensions')}</Typography.Title>
        <Form.List name="extensions">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} align="start" wrap>
                  <Form.Item name={[item.name, 'userId']} rules={[{ required: true, message: t('errors.field-required') }]}>
                    <Select showSearch optionFilterProp="label" options={memberOptions} placeholder={t('calls.settings.member')} style={{ width: 220 }} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'extension']} rules={[{ required: true, pattern: /^\d{1,10}$/, message: t('calls.settings.digitsOnly') }]}>
                    <Input placeholder={t('calls.settings.extension')} inputMode="numeric" style={{ width: 120 }} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} onClick={() => remove(item.name)} aria-label={t('calls.settings.remove')} />
                </Space>
              ))}
              <Form.Item>
                <Button icon={<PlusOutlined />} onClick={() => add({ userId: undefined, extension: '' })}>{t('calls.settings.addExtension')}</Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        <Form.Item name="callbackAssigneeId" label={t('calls.settings.callbackAssignee')} extra={t('calls.settings.callbackAssigneeHint')}>
          <Select allowClear showSearch optionFilterProp="label" options={memberOptions} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="onpbx-save">
          {t('common.save')}
        </Button>
      </Card>
    </Form>
  )
}
