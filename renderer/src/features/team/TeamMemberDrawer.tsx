import { useState } from 'react'
import { Button, Col, ColorPicker, Divider, Drawer, Form, Grid, Input, InputNumber, Row, Select, Space, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useCreate, useFind, usePatch } from '../../api/live'
import type { RoleRecord, UserRecord } from '../../api/types'
import { emailProblem } from '../../../../domain/validation/email'
import { passwordProblem } from '../../../../domain/validation/password'
import { grantsWithin } from '../../../../domain/access/grants'
import { formatPhone, phoneProblem } from '../../../../domain/validation/phone'
import { currentBranchId } from '../../api/branch'
import { useSession } from '../../api/session-store'
import { ruleFrom, showServerError } from '../../components/form-errors'
import { colorValue } from '../../components/color-value'
import { memberPalette } from '../../components/color'
import { toast } from '../../app/toasts'
import { roleLabel } from '../roles/role-label'

interface MemberForm {
  first_name: string
  last_name: string
  middle_name?: string
  email: string
  phone?: string
  roleId: string
  specialtyId?: string | null
  branchIds: string[]
  color?: unknown
  allowLogin: boolean
  password?: string
  acceptsAppointments: boolean
  staticPrice?: number | null
  staticDuration?: number | null
  percentOfRevenue?: number | null
  archived: boolean
}

const fields = ['first_name', 'last_name', 'middle_name', 'email', 'phone', 'roleId', 'specialtyId', 'branchIds', 'color', 'allowLogin', 'password', 'acceptsAppointments', 'staticPrice', 'staticDuration', 'percentOfRevenue', 'archived']

function toForm(member: UserRecord | null): Partial<MemberForm> {
  if (!member) {
    return {
      allowLogin: true,
      acceptsAppointments: false,
      archived: false,
      branchIds: currentBranchId() ? [currentBranchId() as string] : [],
      color: memberPalette[Math.floor(Math.random() * memberPalette.length)]
    }
  }
  // Money is stored in minor units; people type major units.
  return { ...member, phone: formatPhone(member.phone ?? ''), staticPrice: member.staticPrice == null ? null : member.staticPrice / 100 } as Partial<MemberForm>
}

/** Create or edit one team member: identity, sign-in, role, branches, colour and pay settings. */
export function TeamMemberDrawer({ member, onClose }: { member: UserRecord | null; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<MemberForm>()
  const [busy, setBusy] = useState(false)
  const phone = !Grid.useBreakpoint().md
  const roles = useFind('roles', { $limit: 200, $sort: { name: 1 } })
  const branches = useFind('branches', { archived: false, $limit: 200, $sort: { name: 1 } })
  const specialties = useFind('specialty', { $limit: 200, $sort: { name: 1 } })
  const createUser = useCreate('users')
  const patchUser = usePatch('users')
  const allowLogin = Form.useWatch('allowLogin', form)
  const isNew = !member
  // One's own password needs the current one (spec section 5): the server refuses it here.
  const session = useSession()
  const ownId = session?.user._id
  const isSelf = !!member && member._id === ownId
  // Roles granting more than one's own cannot be given (the server refuses them: role-beyond-own).
  const mayGive = (role: RoleRecord) => grantsWithin(role.permissions, session?.role.permissions)
  // A password is needed when a new member may sign in; when editing it is set only if typed.
  const needsPassword = isNew && allowLogin

  async function save(values: MemberForm) {
    setBusy(true)
    // Text fields are never null on the server (empty means none); colour and share are omitted when unset.
    const { color: _color, password, percentOfRevenue, ...rest } = values
    const color = colorValue(values.color)
    const data = {
      ...rest,
      email: values.email.trim(),
      phone: values.phone?.trim() ?? '',
      middle_name: values.middle_name?.trim() ?? '',
      staticPrice: values.staticPrice == null ? null : Math.round(values.staticPrice * 100),
      specialtyId: values.specialtyId ?? null,
      ...(color ? { color } : {}),
      ...(password ? { password } : {}),
      ...(percentOfRevenue == null ? {} : { percentOfRevenue })
    }
    try {
      if (member) await patchUser(member._id, data)
      else await createUser(data)
      toast.success(t('common.saved'))
      onClose()
    } catch (error) {
      showServerError(form, error, fields)
    } finally {
      setBusy(false)
    }
  }

  const optional = (check: (value: unknown) => string | null) => ({
    validator: async (_: unknown, value: unknown) => {
      if (value === undefined || value === null || value === '') return
      const code = check(value)
      if (code) throw new Error(t(`errors.${code}`))
    }
  })

  return (
    <Drawer
      open
      size={phone ? '100%' : 640}
      title={member ? `${member.first_name} ${member.last_name}` : t('team.add')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="save-member">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={toForm(member)} onFinish={save} disabled={busy}>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="first_name" label={t('fields.firstName')} rules={[{ required: true, whitespace: true, message: t('errors.first-name-required') }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="last_name" label={t('fields.lastName')} rules={[{ required: true, whitespace: true, message: t('errors.last-name-required') }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="middle_name" label={t('fields.middleName')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="phone" label={t('fields.phone')} rules={[optional(phoneProblem)]}>
              <Input type="tel" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="email" label={t('fields.email')} required rules={[ruleFrom(emailProblem, t)]}>
              <Input type="email" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('team.accessSection')}</Divider>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="roleId" label={t('fields.role')} rules={[{ required: true, message: t('errors.field-required') }]}>
              <Select
                loading={roles.isLoading}
                disabled={isSelf}
                options={(roles.data?.data ?? []).map((role) => ({ value: role._id, label: roleLabel(role, t), disabled: !mayGive(role) }))}
                data-testid="member-role"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="branchIds" label={t('fields.branches')} rules={[{ required: true, type: 'array', min: 1, message: t('errors.field-required') }]}>
              <Select mode="multiple" loading={branches.isLoading} options={(branches.data?.data ?? []).map((branch) => ({ value: branch._id, label: branch.name }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="allowLogin" label={t('fields.allowLogin')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {allowLogin && isSelf && (
              <Form.Item label={t('team.newPassword')}>
                <Link to="/profile/security">{t('team.ownPasswordInProfile')}</Link>
              </Form.Item>
            )}
            {allowLogin && !isSelf && (
              <Form.Item
                name="password"
                label={isNew ? t('fields.password') : t('team.newPassword')}
                required={needsPassword}
                extra={isNew ? undefined : t('team.passwordKeep')}
                rules={needsPassword ? [ruleFrom(passwordProblem, t)] : [optional(passwordProblem)]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('team.workSection')}</Divider>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="specialtyId" label={t('fields.specialty')}>
              <Select allowClear loading={specialties.isLoading} options={(specialties.data?.data ?? []).map((item) => ({ value: item._id, label: item.name }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="color" label={t('fields.color')}>
              <ColorPicker disabledAlpha format="hex" presets={[{ label: t('fields.color'), colors: memberPalette }]} showText />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="acceptsAppointments" label={t('team.acceptsAppointments')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="percentOfRevenue" label={t('fields.percentOfRevenue')}>
              <InputNumber min={0} max={100} suffix="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="staticPrice" label={t('fields.staticPrice')}>
              <InputNumber min={0} step={1000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="staticDuration" label={t('fields.staticDuration')}>
              <InputNumber min={5} max={600} step={5} suffix={t('common.minutesShort')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {!isNew && (
            <Col xs={24}>
              <Form.Item name="archived" label={t('team.archivedLabel')} valuePropName="checked" extra={t('team.archivedHint')}>
                <Switch />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
    </Drawer>
  )
}
