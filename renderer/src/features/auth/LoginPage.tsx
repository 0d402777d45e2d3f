import { useState } from 'react'
import { Alert, Button, Form, Input } from 'antd'
import { LockOutlined, MailOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { signIn } from '../../api/auth'
import { useSession } from '../../api/session-store'
import { errorMessage, toast } from '../../app/toasts'
import { safeNext } from '../../app/guard'
import { useFormat } from '../../i18n/format'
import { usePageTitle } from '../../components/usePageTitle'

interface Credentials {
  email: string
  password: string
}

export default function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const format = useFormat()
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  usePageTitle(t('auth.signInTitle'))
  const session = useSession()

  async function submit({ email, password }: Credentials) {
    setBusy(true)
    setProblem(null)
    try {
      const result = await signIn(email.trim(), password)
      if (result.warning) toast.warning(t('errors.account-expiring', { date: format.date(result.warning.date) }))
      navigate(safeNext(params.get('next')), { replace: true })
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  // Already signed in in this tab (the back button, a bookmark): nothing to do here.
  if (session && !busy) return <Navigate to={safeNext(params.get('next'))} replace />
  return (
    <>
      <h1 className="auth-title">{t('auth.signInTitle')}</h1>
      <p className="auth-hint">{t('auth.signInHint')}</p>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} data-testid="login-error" />}
      <Form<Credentials> layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
        <Form.Item name="email" label={t('fields.email')} rules={[{ required: true, message: t('errors.email-required') }]}>
          <Input prefix={<MailOutlined />} type="email" autoComplete="username" autoFocus inputMode="email" />
        </Form.Item>
        <Form.Item name="password" label={t('fields.password')} rules={[{ required: true, message: t('errors.field-required') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <div style={{ textAlign: 'right', marginTop: -8, marginBottom: 16 }}>
          <Link to="/login/forgot-password">{t('auth.forgotLink')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('auth.signIn')}
        </Button>
      </Form>
      <div className="auth-footer">
        {t('auth.noAccount')} <Link to="/welcome">{t('auth.registerLink')}</Link>
      </div>
    </>
  )
}
