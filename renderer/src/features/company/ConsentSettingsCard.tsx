import { Button, Card, Form, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { signedConsentRequired } from '../../../../domain/documents/consent'
import { useCompanySettingsForm } from './useCompanySettingsForm'

interface Values {
  treatmentNeedsSignedConsent: boolean
}

const fromSettings = (settings: Record<string, unknown>): Values => ({ treatmentNeedsSignedConsent: signedConsentRequired(settings) })

/**
 * "A treatment that requires consent cannot be done without a signed consent" (on by default: a
 * service marked "requires consent" in the catalogue is what opts in;
 * docs/decisions/documents-consent-required.md). Shown while the documents module is on.
 */
export function ConsentSettingsCard() {
  const { t } = useTranslation()
  const { form, company, canEdit, busy, save } = useCompanySettingsForm<Values>(fromSettings, (values) => ({ treatmentNeedsSignedConsent: values.treatmentNeedsSignedConsent }))

  if (!company || company.modules.documents === false) return null
  return (
    <Card title={t('company.consentSettings')} style={{ marginTop: 16 }} data-testid="consent-settings">
      <Form form={form} layout="vertical" requiredMark={false} onFinish={save} disabled={!canEdit || busy} style={{ maxWidth: 820 }}>
        <label className="module-switch">
          <Form.Item name="treatmentNeedsSignedConsent" valuePropName="checked" noStyle>
            <Switch size="small" data-testid="treatment-needs-signed-consent" />
          </Form.Item>
          <span>{t('company.treatmentNeedsSignedConsent')}</span>
        </label>
        <Typography.Paragraph type="secondary">{t('company.treatmentNeedsSignedConsentHint')}</Typography.Paragraph>
        {canEdit && <Button type="primary" htmlType="submit" loading={busy}>{t('common.save')}</Button>}
      </Form>
    </Card>
  )
}
