import { useState } from 'react'
import { Button, Form, Input, Result } from 'antd'
import { MailOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { client } from '../../api/client'
import { emailProblem } from '../../../../domain/validation/email'
import { ruleFrom, showServerError } from '../../components/form-errors'
import { usePageTitle } from '../../components/usePageTitle'

export default function ForgotPasswordPage() {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ email: string }>()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  usePageTitle(t('auth.forgotTitle'))

  async function submit({ email }: { email: string }) {
    setBusy(true)
    try {
      await client.service('authManagement').create({ action: 'sendResetPwd', value: { email: email.trim() } })
      setSentTo(email.trim())
    } catch (error) {
      showServerError(form, error, ['email'])
    } finally {
      setBusy(false)
    }
  }

  if (sentTo) {
    return (
      <Result
        status="success"
        title={t('auth.resetSentTitle')}
        subTitle={t('auth.resetSentText', { email: sentTo })}
        extra={<Link to="/login">{t('auth.backToSignIn')}</Link>}
      />
    )
  }
  return (
    <>
      <h1 className="auth-title">{t('auth.forgotTitle')}</h1>
      <p className="auth-hint">{t('auth.forgotHint')}</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
        <Form.Item name="email" label={t('fields.email')} rules={[ruleFrom(emailProblem, t)]}>
          <Input prefix={<MailOutlined />} type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('auth.sendLink')}
        </Button>
      </Form>
      <div className="auth-footer">
        <Link to="/login">{t('auth.backToSignIn')}</Link>
      </div>
    </>
  )
}
