import { useEffect, useState } from 'react'
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { ensureSession } from '../../api/auth'
import { errorMessage } from '../../app/toasts'
import { PageLoading } from '../../components/PageLoading'

/**
 * OAuth callback (spec section 2): the provider redirects here with `#access_token=…` (or
 * `#error=…`); the authentication client reads the hash, we finish signing in.
 */
export default function CallbackPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    ensureSession()
      .then(() => navigate('/', { replace: true }))
      .catch((error: unknown) => setProblem(errorMessage(error)))
  }, [navigate])
  if (!problem) return <PageLoading />
  return (
    <Result
      status="warning"
      title={problem}
      subTitle={t('auth.callbackFailed')}
      extra={[
        <Link key="login" to="/login">
          <Button type="primary">{t('auth.backToSignIn')}</Button>
        </Link>,
        <Link key="welcome" to="/welcome">
          <Button>{t('auth.registerLink')}</Button>
        </Link>
      ]}
    />
  )
}
