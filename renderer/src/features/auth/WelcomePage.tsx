import { useState } from 'react'
import { Button, Col, Form, Input, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { client } from '../../api/client'
import { signIn } from '../../api/auth'
import type { RegistrationData } from '../../api/types'
import { emailProblem } from '../../../../domain/validation/email'
import { phoneProblem } from '../../../../domain/validation/phone'
import { currentLanguage } from '../../i18n'
import { ruleFrom, showServerError } from '../../components/form-errors'
import { NewPasswordFields } from '../../components/NewPasswordFields'
import { usePageTitle } from '../../components/usePageTitle'
import { toast } from '../../app/toasts'

type RegistrationForm = Omit<RegistrationData, 'locale'>
const fields = ['companyName', 'phone', 'email', 'first_name', 'last_name', 'password', 'passwordConfirmation']

/** Clinic registration (spec section 2 /welcome; section 5 rules); signs the owner in after. */
export default function WelcomePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [form] = Form.useForm<RegistrationForm>()
  const [busy, setBusy] = useState(false)
  usePageTitle(t('welcome.title'))
  const required = (code: string) => ({ required: true, whitespace: true, message: t(`errors.${code}`) })

  // Tells at once, not after the whole form, that the address already has an account.
  async function checkEmail() {
    const email = String(form.getFieldValue('email') ?? '').trim()
    if (emailProblem(email)) return
    try {
      const answer = await client.service('authManagement').create({ action: 'checkUnique', value: { email } })
      if ('unique' in answer && answer.unique === false) form.setFields([{ name: 'email', errors: [t('errors.email-registered')] }])
    } catch {
      // Throttled or offline: the registration itself still checks.
    }
  }

  async function submit(values: RegistrationForm) {
    setBusy(true)
    try {
      await client.service('company-registration').create({ ...values, locale: currentLanguage() })
      await signIn(values.email.trim(), values.password)
      toast.success(t('welcome.done'))
      navigate('/', { replace: true })
    } catch (error) {
      showServerError(form, error, fields)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <h1 className="auth-title">{t('welcome.title')}</h1>
      <p className="auth-hint">{t('welcome.hint')}</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
        <Form.Item name="companyName" label={t('fields.companyName')} rules={[required('company-name-required')]}>
          <Input autoComplete="organization" autoFocus />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="first_name" label={t('fields.firstName')} rules={[required('first-name-required')]}>
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="last_name" label={t('fields.lastName')} rules={[required('last-name-required')]}>
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="phone" label={t('fields.phone')} rules={[ruleFrom(phoneProblem, t)]}>
              <Input type="tel" autoComplete="tel" placeholder="+998 90 123 45 67" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={t('fields.email')} rules={[ruleFrom(emailProblem, t)]}>
              <Input type="email" autoComplete="email" onBlur={() => void checkEmail()} />
            </Form.Item>
          </Col>
        </Row>
        <NewPasswordFields label={t('fields.password')} />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('welcome.submit')}
        </Button>
      </Form>
      <div className="auth-footer">
        {t('welcome.haveAccount')} <Link to="/login">{t('auth.signIn')}</Link>
      </div>
    </>
  )
}
