import { Form, Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { confirmationProblem, MIN_PASSWORD_LENGTH, passwordProblem } from '../../../domain/validation/password'
import { ruleFrom } from './form-errors'

/** New password plus confirmation with the rules of spec section 5 (the server checks again). */
export function NewPasswordFields({ name = 'password', label }: { name?: string; label?: string }) {
  const { t } = useTranslation()
  return (
    <>
      <Form.Item
        name={name}
        label={label ?? t('fields.newPassword')}
        extra={t('auth.passwordRules', { min: MIN_PASSWORD_LENGTH })}
        rules={[ruleFrom(passwordProblem, t)]}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="passwordConfirmation"
        label={t('fields.passwordConfirmation')}
        dependencies={[name]}
        hasFeedback
        rules={[
          { required: true, message: t('errors.field-required') },
          ({ getFieldValue }) => ruleFrom((value) => confirmationProblem(getFieldValue(name), value), t)
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  )
}
