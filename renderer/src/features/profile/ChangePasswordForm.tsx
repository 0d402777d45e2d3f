import { useState } from 'react'
import { Button, Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { client } from '../../api/client'
import { NewPasswordFields } from '../../components/NewPasswordFields'
import { showServerError } from '../../components/form-errors'
import { toast } from '../../app/toasts'

interface PasswordChange {
  oldPassword: string
  password: string
  passwordConfirmation: string
}

/** Spec section 5: current password must be correct, rules for the new one, confirmation must match. */
export function ChangePasswordForm() {
  const { t } = useTranslation()
  const [form] = Form.useForm<PasswordChange>()
  const [busy, setBusy] = useState(false)

  async function submit(value: PasswordChange) {
    setBusy(true)
    try {
      await client.service('authManagement').create({ action: 'passwordChange', value })
      form.resetFields()
      toast.success(t('security.passwordChanged'))
    } catch (error) {
      showServerError(form, error, ['oldPassword', 'password', 'passwordConfirmation'])
    } finally {
      setBusy(false)
    }
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
      <Form.Item name="oldPassword" label={t('fields.currentPassword')} rules={[{ required: true, message: t('errors.field-required') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('security.changePassword')}
      </Button>
    </Form>
  )
}
