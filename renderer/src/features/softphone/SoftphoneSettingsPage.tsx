import { useState } from 'react'
import { Alert, Button, Card, Form, Input, Space, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSignedIn } from '../../api/session-store'
import { toast } from '../../app/toasts'
import { PageHeader } from '../../components/PageHeader'
import { useStoredSoftphoneSettings, writeSoftphoneSettings } from './settings-store'
import { parseStoredSettings, validateSoftphoneSettings, type SettingsField, type SettingsProblem } from './softphone-settings'
import { useSoftphoneStatus } from './softphone-status'
import './softphone.css'

const statusColor = { registered: 'success', connecting: 'processing', unregistered: 'default', failed: 'error', off: 'default' } as const

/**
 * /profile/softphone: the SIP account this computer's softphone registers with, for the person
 * signed in (kept on this computer only: docs/decisions/softphone.md). Saving starts the
 * softphone at once (the layout loads its dock); removing stops it.
 */
export default function SoftphoneSettingsPage() {
  const { t } = useTranslation()
  const { user } = useSignedIn()
  const stored = parseStoredSettings(useStoredSoftphoneSettings(user._id))
  const status = useSoftphoneStatus()
  const [values, setValues] = useState(() => ({
    server: stored?.server ?? '',
    user: stored?.user ?? '',
    password: '',
    displayName: stored?.displayName ?? [user.first_name, user.last_name].filter(Boolean).join(' ')
  }))
  const [problems, setProblems] = useState<Partial<Record<SettingsField, SettingsProblem>>>({})

  const save = () => {
    // The saved password is never shown again: an empty field keeps it.
    const checked = validateSoftphoneSettings({ ...values, password: values.password || stored?.password })
    setProblems(checked.problems)
    if (Object.keys(checked.problems).length > 0) return
    writeSoftphoneSettings(user._id, JSON.stringify(checked.settings))
    setValues((current) => ({ ...current, password: '' }))
    toast.success(t('softphone.settings.saved'))
  }

  const remove = () => {
    writeSoftphoneSettings(user._id, null)
    setValues((current) => ({ ...current, server: '', user: '', password: '' }))
    setProblems({})
    toast.success(t('softphone.settings.removed'))
  }

  const field = (name: SettingsField) => ({
    validateStatus: problems[name] ? ('error' as const) : undefined,
    help: problems[name] ? t(`softphone.settings.problems.${problems[name]}`) : undefined
  })
  const edit = (name: SettingsField) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value }))

  return (
    <>
      <PageHeader title={t('softphone.title')} subtitle={t('softphone.settings.subtitle')} />
      <Card className="softphone-settings">
        {stored && (
          <Space className="softphone-settings-status" style={{ marginBottom: 16 }}>
            {t('softphone.settings.status')}
            <Tag color={statusColor[status.state]} data-testid="softphone-settings-status">
              {status.state === 'off' ? t('softphone.registration.unregistered') : t(`softphone.registration.${status.state}`)}
            </Tag>
          </Space>
        )}
        {status.state === 'failed' && status.problem && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t(`softphone.settings.failures.${status.problem}`)} />}
        <Form layout="vertical" onFinish={save} requiredMark>
          <Form.Item label={t('softphone.settings.server')} required extra={t('softphone.settings.serverHint')} htmlFor="softphone-server" {...field('server')}>
            <Input id="softphone-server" value={values.server} onChange={edit('server')} placeholder="wss://pbx.example.uz:8089/ws" autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item label={t('softphone.settings.user')} required extra={t('softphone.settings.userHint')} htmlFor="softphone-user" {...field('user')}>
            <Input id="softphone-user" value={values.user} onChange={edit('user')} autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item label={t('softphone.settings.password')} required={!stored} htmlFor="softphone-password" {...field('password')}>
            <Input.Password id="softphone-password" value={values.password} onChange={edit('password')} autoComplete="new-password" placeholder={stored ? t('softphone.settings.passwordKept') : undefined} />
          </Form.Item>
          <Form.Item label={t('softphone.settings.displayName')} htmlFor="softphone-displayName" {...field('displayName')}>
            <Input id="softphone-displayName" value={values.displayName} onChange={edit('displayName')} />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit">
              {t('softphone.settings.save')}
            </Button>
            {stored && (
              <Button danger onClick={remove}>
                {t('softphone.settings.remove')}
              </Button>
            )}
          </Space>
        </Form>
      </Card>
    </>
  )
}
