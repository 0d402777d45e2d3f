import { useEffect, useState } from 'react'
import { Button, Card, Col, ColorPicker, Form, Input, Row, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useGet, usePatch } from '../../api/live'
import { sessionStore } from '../../api/session-store'
import type { User } from '../../../../server/src/services/team/users/users.shared'
import { formatPhone, phoneProblem } from '../../../../domain/validation/phone'
import { changeLanguage, currentLanguage } from '../../i18n'
import { languageNames, languages } from '../../i18n/languages'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { PersonAvatar } from '../../components/PersonAvatar'
import { showServerError } from '../../components/form-errors'
import { toast } from '../../app/toasts'
import { colorValue } from '../../components/color-value'

type ProfileForm = Pick<User, 'first_name' | 'last_name' | 'middle_name' | 'phone' | 'locale' | 'color'>
const fields = ['first_name', 'last_name', 'middle_name', 'phone', 'locale', 'color']

/** /profile/me: the person's own name, phone, colour and language. */
export default function ProfilePage() {
  const { t } = useTranslation()
  const [form] = Form.useForm<ProfileForm>()
  const profile = useGet('profile', 'me')
  const patchProfile = usePatch('profile')
  const [busy, setBusy] = useState(false)
  const color = Form.useWatch('color', form)
  const firstName = Form.useWatch('first_name', form)
  const lastName = Form.useWatch('last_name', form)

  useEffect(() => {
    if (profile.data) form.setFieldsValue({ ...profile.data, phone: formatPhone(profile.data.phone ?? '') })
  }, [profile.data, form])

  async function save(values: ProfileForm) {
    setBusy(true)
    try {
      // Text fields are never null on the server (empty means none); an unset colour is left out.
      const color = colorValue(values.color)
      const patch = { ...values, middle_name: values.middle_name?.trim() ?? '', phone: values.phone?.trim() ?? '', ...(color ? { color } : {}) }
      if (!color) delete (patch as Partial<ProfileForm>).color
      const saved = await patchProfile('me', patch)
      sessionStore.update((session) => ({ ...session, user: { ...session.user, ...saved } }))
      if (saved.locale) await changeLanguage(saved.locale)
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(form, error, fields)
    } finally {
      setBusy(false)
    }
  }

  if (profile.error) return <FetchError error={profile.error} onRetry={() => void profile.refetch()} />
  if (!profile.data) return <PageLoading />
  return (
    <>
      <PageHeader title={t('nav.profile')} subtitle={profile.data.email} />
      <Card>
        <Form form={form} layout="vertical" onFinish={save} disabled={busy} style={{ maxWidth: 720 }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 24 }}>
            <PersonAvatar person={{ first_name: firstName, last_name: lastName, color: colorValue(color) }} size={64} />
            <Form.Item name="color" label={t('fields.color')} style={{ marginBottom: 0 }}>
              <ColorPicker disabledAlpha format="hex" />
            </Form.Item>
          </div>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="first_name" label={t('fields.firstName')} rules={[{ required: true, whitespace: true, message: t('errors.first-name-required') }]}>
                <Input autoComplete="given-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="last_name" label={t('fields.lastName')} rules={[{ required: true, whitespace: true, message: t('errors.last-name-required') }]}>
                <Input autoComplete="family-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="middle_name" label={t('fields.middleName')}>
                <Input autoComplete="additional-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="phone" label={t('fields.phone')} rules={[{ validator: async (_, value) => {
                if (!value) return
                const code = phoneProblem(value)
                if (code) throw new Error(t(`errors.${code}`))
              } }]}>
                <Input type="tel" autoComplete="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="locale" label={t('language.label')}>
                <Select placeholder={languageNames[currentLanguage()]} options={languages.map((language) => ({ value: language, label: languageNames[language] }))} />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </Form>
      </Card>
    </>
  )
}
