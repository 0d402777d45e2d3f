import { useState } from 'react'
import { Button, Form, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { client } from '../../api/client'
import { errorCode } from '../../api/errors'
import { showServerError } from '../../components/form-errors'
import { NewPasswordFields } from '../../components/NewPasswordFields'
import { usePageTitle } from '../../components/usePageTitle'

interface ResetForm {
  password: string
  passwordConfirmation: string
}

export default function ResetPasswordPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token')
  const [form] = Form.useForm<ResetForm>()
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(token ? 'form' : 'invalid')
  const [busy, setBusy] = useState(false)
  usePageTitle(t('auth.resetTitle'))

  async function submit({ password }: ResetForm) {
    setBusy(true)
    try {
      await client.service('authManagement').create({ action: 'resetPwdLong', value: { token, password } })
      setState('done')
    } catch (error) {
      if (errorCode(error) === 'invalid-link') setState('invalid')
      else showServerError(form, error, ['password', 'passwordConfirmation'])
    } finally {
      setBusy(false)
    }
  }

  if (state === 'done') {
    return (
      <Result
        status="success"
        title={t('auth.resetDoneTitle')}
        extra={
          <Link to="/login">
            <Button type="primary">{t('auth.signIn')}</Button>
          </Link>
        }
      />
    )
  }
  if (state === 'invalid') {
    return (
      <Result
        status="warning"
        title={t('errors.invalid-link')}
        subTitle={t('auth.invalidLinkText')}
        extra={<Link to="/login/forgot-password">{t('auth.requestNewLink')}</Link>}
      />
    )
  }
  return (
    <>
      <h1 className="auth-title">{t('auth.resetTitle')}</h1>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('auth.setPassword')}
        </Button>
      </Form>
    </>
  )
}
