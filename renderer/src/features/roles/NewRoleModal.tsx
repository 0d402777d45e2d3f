import { useState } from 'react'
import { Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate } from '../../api/live'
import type { RoleRecord } from '../../api/types'
import { showServerError } from '../../components/form-errors'

/** Names a new role; it starts with no permissions and opens in the matrix editor. */
export function NewRoleModal({ onClose }: { onClose: (created?: RoleRecord) => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ name: string }>()
  const [busy, setBusy] = useState(false)
  const createRole = useCreate('roles')

  async function create({ name }: { name: string }) {
    setBusy(true)
    try {
      const role = await createRole({ name: name.trim(), permissions: [] })
      onClose(role)
    } catch (error) {
      showServerError(form, error, ['name'])
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open title={t('roles.add')} okText={t('common.create')} cancelText={t('common.cancel')} onOk={() => form.submit()} onCancel={() => onClose()} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={create}>
        <Form.Item name="name" label={t('fields.roleName')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
          <Input autoFocus data-testid="role-name" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
