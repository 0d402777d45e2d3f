import { useEffect, useState } from 'react'
import { Button, Card, Col, Form, Input, Row, Select, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useGet, usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { sessionStore } from '../../api/session-store'
import type { CompanyPatch } from '../../../../server/src/services/company/company/company.shared'
import { emailProblem } from '../../../../domain/validation/email'
import { formatPhone, phoneProblem } from '../../../../domain/validation/phone'
import { languageNames, languages } from '../../i18n/languages'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { ruleFrom, showServerError } from '../../components/form-errors'
import { toast } from '../../app/toasts'
import { currencies, timeZones } from './company-options'
import { builtModules } from '../../../../server/src/services/company/company/company.shared'

const fields = ['name', 'phone', 'email', 'timezone', 'currency', 'locale', 'modules']

/** Company name, contacts, time zone, currency, default language and modules. */
export function GeneralTab() {
  const { t } = useTranslation()
  const [form] = Form.useForm<CompanyPatch>()
  const company = useGet('company', 'mine')
  const patchCompany = usePatch('company')
  const canEdit = useCan('company', 'edit')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    // Phones are stored as digits; people read them in the spec's display format.
    if (company.data) form.setFieldsValue({ ...company.data, phone: formatPhone(company.data.phone ?? '') })
  }, [company.data, form])

  async function save(values: CompanyPatch) {
    setBusy(true)
    try {
      const saved = await patchCompany('mine', values)
      sessionStore.update((session) => ({
        ...session,
        company: { ...session.company, name: saved.name, modules: saved.modules, timezone: saved.timezone, currency: saved.currency }
      }))
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(form, error, fields)
    } finally {
      setBusy(false)
    }
  }

  if (company.error) return <FetchError error={company.error} onRetry={() => void company.refetch()} />
  if (!company.data) return <PageLoading />
  // Only the modules built so far have a switch (a switch for a module not there would do nothing).
  const modules = builtModules
  return (
    <Card>
      <Form form={form} layout="vertical" onFinish={save} disabled={!canEdit || busy} style={{ maxWidth: 820 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('fields.companyName')} rules={[{ required: true, whitespace: true, message: t('errors.company-name-required') }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={t('fields.phone')} rules={[ruleFrom(phoneProblem, t)]}>
              <Input type="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('fields.email')} rules={[ruleFrom(emailProblem, t)]}>
              <Input type="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="locale" label={t('company.defaultLanguage')}>
              <Select options={languages.map((language) => ({ value: language, label: languageNames[language] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="timezone" label={t('fields.timezone')}>
              <Select showSearch options={timeZones().map((zone) => ({ value: zone, label: zone }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="currency" label={t('fields.currency')}>
              <Select options={currencies.map((code) => ({ value: code, label: code }))} />
            </Form.Item>
          </Col>
        </Row>
        {modules.length > 0 && (
          <>
            <Typography.Title level={5}>{t('company.modules')}</Typography.Title>
            <Row gutter={16}>
              {modules.map((module) => (
                <Col xs={24} sm={12} md={8} key={module}>
                  <label className="module-switch">
                    <Form.Item name={['modules', module]} valuePropName="checked" noStyle>
                      <Switch size="small" />
                    </Form.Item>
                    <span>{t(`modules.${module}`)}</span>
                  </label>
                </Col>
              ))}
            </Row>
          </>
        )}
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  )
}
