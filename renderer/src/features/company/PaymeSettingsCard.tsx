import { useEffect, useState } from 'react'
import { Button, Card, Col, Form, Input, Row, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '../../api/client'
import { useCan } from '../../api/permissions'
import { useSession } from '../../api/session-store'
import { toast } from '../../app/toasts'
import { showServerError } from '../../components/form-errors'
import { paymeHookUrl, paymePatch, validCallbackUrl, validMerchantId, type PaymeFormValues } from './payme-settings'

const ACCOUNTS_KEY = ['online-payments', 'find']
const fields = ['merchantId', 'key', 'testMode', 'callbackUrl']

/**
 * The clinic's Payme merchant account (docs/decisions/billing-payme.md): the merchant id and key
 * from the Payme business cabinet, test mode, where the checkout sends the patient back; and the
 * address to enter in that cabinet for Payme's calls. The key is write-only: the server says only
 * whether one is stored, and an empty field keeps it. Once set, open invoices offer a pay link.
 */
export function PaymeSettingsCard() {
  const { t } = useTranslation()
  const [form] = Form.useForm<PaymeFormValues>()
  const queries = useQueryClient()
  const billingOn = useSession()?.company.modules?.billing !== false
  const canView = useCan('payments', 'view')
  const canEdit = useCan('payments', 'edit')
  const accounts = useQuery({ queryKey: ACCOUNTS_KEY, queryFn: () => client.service('online-payments').find(), enabled: billingOn && canView })
  const account = accounts.data?.find((row) => row.provider === 'payme')
  const [busy, setBusy] = useState(false)
  const merchantId = Form.useWatch('merchantId', form) ?? ''

  useEffect(() => {
    if (accounts.data) form.setFieldsValue({ merchantId: account?.merchantId ?? '', key: '', testMode: account?.testMode ?? false, callbackUrl: account?.callbackUrl ?? '' })
  }, [accounts.data, account, form])

  async function save(values: PaymeFormValues) {
    setBusy(true)
    try {
      await client.service('online-payments').patch('payme', paymePatch(values))
      toast.success(t('common.saved'))
      form.setFieldValue('key', '')
      // The pay links of open invoices follow the account.
      await Promise.all([queries.invalidateQueries({ queryKey: ACCOUNTS_KEY }), queries.invalidateQueries({ queryKey: ['invoices'] })])
    } catch (error) {
      showServerError(form, error, fields)
    } finally {
      setBusy(false)
    }
  }

  if (!billingOn || !canView || !accounts.data) return null
  const hook = validMerchantId(merchantId) ? paymeHookUrl(window.location.origin, merchantId) : null
  return (
    <Card title={t('company.payme.title')} style={{ marginTop: 16 }} data-testid="payme-settings">
      <Typography.Paragraph type="secondary">{t('company.payme.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={save} disabled={!canEdit || busy} style={{ maxWidth: 820 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="merchantId"
              label={t('company.payme.merchantId')}
              rules={[{ validator: async (_, value: string) => { if (value && !validMerchantId(value)) throw new Error(t('company.payme.merchantIdInvalid')) } }]}
            >
              <Input autoComplete="off" spellCheck={false} data-testid="payme-merchant" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="key" label={t('company.payme.key')} extra={account?.keySet ? t('company.payme.keyStored') : t('company.payme.keyMissing')}>
              <Input.Password autoComplete="new-password" placeholder={account?.keySet ? t('company.payme.keyKeep') : ''} data-testid="payme-key" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="callbackUrl"
              label={t('company.payme.callbackUrl')}
              extra={t('company.payme.callbackUrlHint')}
              rules={[{ validator: async (_, value: string | undefined) => { if (!validCallbackUrl(value ?? '')) throw new Error(t('company.payme.callbackUrlInvalid')) } }]}
            >
              <Input placeholder="https://" inputMode="url" data-testid="payme-callback" />
            </Form.Item>
          </Col>
        </Row>
        <label className="module-switch">
          <Form.Item name="testMode" valuePropName="checked" noStyle>
            <Switch size="small" data-testid="payme-test-mode" />
          </Form.Item>
          <span>{t('company.payme.testMode')}</span>
        </label>
        {hook && (
          <Typography.Paragraph data-testid="payme-hook">
            {t('company.payme.hookAddress')}{' '}
            <Typography.Text code copyable={{ tooltips: [t('company.payme.copy'), t('company.payme.copied')] }}>{hook}</Typography.Text>
          </Typography.Paragraph>
        )}
        {canEdit && <Button type="primary" htmlType="submit" loading={busy} data-testid="payme-save">{t('common.save')}</Button>}
      </Form>
    </Card>
  )
}
