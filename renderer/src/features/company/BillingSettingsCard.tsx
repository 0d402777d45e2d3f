import { Button, Card, Form, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { cashNeedsOpenShift } from '../../../../domain/billing/cash-desk'
import { useCompanySettingsForm } from './useCompanySettingsForm'

interface Values {
  cashNeedsOpenShift: boolean
}

const fromSettings = (settings: Record<string, unknown>): Values => ({ cashNeedsOpenShift: cashNeedsOpenShift(settings) })

/**
 * The payments' company settings: "cash payments only with an open shift" (off by default;
 * docs/decisions/billing-cash-desk.md). Shown while the billing module is on.
 */
export function BillingSettingsCard() {
  const { t } = useTranslation()
  const { form, company, canEdit, busy, save } = useCompanySettingsForm<Values>(fromSettings, (values) => ({ cashNeedsOpenShift: values.cashNeedsOpenShift }))

  if (!company || company.modules.billing === false) return null
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
