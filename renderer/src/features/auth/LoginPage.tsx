import { useContext, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { ConfigProvider } from 'antd'
import { CloseCircleFilled, EyeInvisibleOutlined, EyeOutlined, LoadingOutlined, LockOutlined, MailOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { signIn } from '../../api/auth'
import { useSession } from '../../api/session-store'
import { errorMessage, toast } from '../../app/toasts'
import { safeNext } from '../../app/guard'
import { useFormat } from '../../i18n/format'
import { usePageTitle } from '../../components/usePageTitle'

type Field = 'email' | 'password'

/**
 * The first screen most visits see, so it is drawn without antd's Form, Input, Button and Alert
 * (global.css, `.lite-*`, styled like them): those, with the tooltip, validator and motion code
 * they bring, were a quarter of its download. Same labels, ids, messages and behaviour: a field
 * left empty is named under it once touched or on submit, as antd's `required` rule does.
 */
export default function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const format = useFormat()
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' })
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false })
  const [showPassword, setShowPassword] = useState(false)
  const passwordInput = useRef<HTMLInputElement>(null)
  // React mirrors a controlled value into the `value` attribute; like antd's Input.Password, the
  // password is kept out of the page's markup (where CSS selectors and extensions can read it).
  useEffect(() => {
    const input = passwordInput.current
    if (input?.type === 'password' && input.hasAttribute('value')) input.removeAttribute('value')
  }, [values.password, showPassword])
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  usePageTitle(t('auth.signInTitle'))
  const session = useSession()
  // antd's own words for the eye button (its locale follows the interface language).
  const antdTexts = useContext(ConfigProvider.ConfigContext).locale?.global

  const missing = (field: Field) => touched[field] && !values[field]
  const messages: Record<Field, string> = { email: t('errors.email-required'), password: t('errors.field-required') }
  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setTouched((current) => ({ ...current, [field]: true }))
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setTouched({ email: true, password: true })
    if (!values.email || !values.password) return
    setBusy(true)
    setProblem(null)
    try {
      const result = await signIn(values.email.trim(), values.password)
      if (result.warning) toast.warning(t('errors.account-expiring', { date: format.date(result.warning.date) }))
      navigate(safeNext(params.get('next')), { replace: true })
    } catch (error) {
      setProblem(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const field = (name: Field, label: string, input: (invalid: boolean) => ReactNode) => (
    <div className={missing(name) ? 'lite-field lite-field-invalid' : 'lite-field'}>
      <label htmlFor={name} className="lite-label" title={label}>
        {label}
      </label>
      {input(missing(name))}
      {missing(name) && (
        <div id={`${name}_help`} className="lite-field-error" role="alert">
          {messages[name]}
        </div>
      )}
    </div>
  )
  const affixClass = (invalid: boolean) => `lite-input${invalid ? ' lite-input-invalid' : ''}${busy ? ' lite-input-disabled' : ''}`

  // Already signed in in this tab (the back button, a bookmark): nothing to do here.
  if (session && !busy) return <Navigate to={safeNext(params.get('next'))} replace />
  return (
    <>
      <h1 className="auth-title">{t('auth.signInTitle')}</h1>
      <p className="auth-hint">{t('auth.signInHint')}</p>
      {problem && (
        <div className="lite-alert" role="alert" data-testid="login-error">
          <CloseCircleFilled className="lite-alert-icon" />
          <div className="lite-alert-title">{problem}</div>
        </div>
      )}
      <form onSubmit={submit}>
        {field('email', t('fields.email'), (invalid) => (
          <span className={affixClass(invalid)}>
            <MailOutlined className="lite-input-prefix" />
            <input
              id="email"
              type="email"
              autoComplete="username"
              autoFocus
              inputMode="email"
              aria-required="true"
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? 'email_help' : undefined}
              disabled={busy}
              value={values.email}
              onChange={(event) => change('email', event.target.value)}
            />
          </span>
        ))}
        {field('password', t('fields.password'), (invalid) => (
          <span className={affixClass(invalid)}>
            <LockOutlined className="lite-input-prefix" />
            <input
              id="password"
              ref={passwordInput}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              aria-required="true"
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? 'password_help' : undefined}
              disabled={busy}
              value={values.password}
              onChange={(event) => change('password', event.target.value)}
            />
            <span
              role="button"
              tabIndex={0}
              className="lite-input-suffix"
              aria-pressed={showPassword}
              aria-label={showPassword ? (antdTexts?.hide ?? 'Hide') : (antdTexts?.show ?? 'Show')}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => !busy && setShowPassword((shown) => !shown)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== ' ') return
                event.preventDefault()
                if (!busy) setShowPassword((shown) => !shown)
              }}
            >
              {showPassword ? <EyeOutlined /> : <EyeInvisibleOutlined />}
            </span>
          </span>
        ))}
        <div style={{ textAlign: 'right', marginTop: -8, marginBottom: 16 }}>
          <Link to="/login/forgot-password">{t('auth.forgotLink')}</Link>
        </div>
        <button type="submit" className={busy ? 'lite-button lite-button-loading' : 'lite-button'} aria-busy={busy || undefined}>
          {busy && <LoadingOutlined className="lite-button-icon" />}
          <span>{t('auth.signIn')}</span>
        </button>
      </form>
      <div className="auth-footer">
        {t('auth.noAccount')} <Link to="/welcome">{t('auth.registerLink')}</Link>
      </div>
    </>
  )
}
