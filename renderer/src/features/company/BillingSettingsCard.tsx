import { useEffect, useState } from 'react'
import { Button, Card, Form, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useGet, usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { toast, toastError } from '../../app/toasts'
import { cashNeedsOpenShift } from '../../../../domain/billing/cash-desk'

interface Values {
  cashNeedsOpenShift: boolean
}

/**
 * The payments' company settings: "cash payments only with an open shift" (off by default;
 * docs/decisions/billing-cash-desk.md). Shown while the billing module is on.
 */
export function BillingSettingsCard() {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const company = useGet('company', 'mine')
  // The payment screens read the switch from my-company: it refreshes with the save.
  const patchCompany = usePatch('company', { also: ['my-company'] })
  const canEdit = useCan('company', 'edit')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const settings = company.data?.settings
    if (settings) form.setFieldsValue({ cashNeedsOpenShift: cashNeedsOpenShift(settings) })
  }, [company.data, form])

  async function save(values: Values) {
    setBusy(true)
    try {
      await patchCompany('mine', { settings: { cashNeedsOpenShift: values.cashNeedsOpenShift } })
      toast.success(t('common.saved'))
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  if (!company.data || company.data.modules.billing === false) return null
  return (
    <Card title={t('company.billingSettings')} style={{ marginTop: 16 }} data-testid="billing-settings">
      <Form form={form} layout="vertical" requiredMark={false} onFinish={save} disabled={!canEdit || busy} style={{ maxWidth: 820 }}>
        <label className="module-switch">
          <Form.Item name="cashNeedsOpenShift" valuePropName="checked" noStyle>
            <Switch size="small" data-testid="cash-needs-open-shift" />
          </Form.Item>
          <span>{t('company.cashNeedsOpenShift')}</span>
        </label>
        <Typography.Paragraph type="secondary">{t('company.cashNeedsOpenShiftHint')}</Typography.Paragraph>
        {canEdit && <Button type="primary" htmlType="submit" loading={busy}>{t('common.save')}</Button>}
      </Form>
    </Card>
  )
}
