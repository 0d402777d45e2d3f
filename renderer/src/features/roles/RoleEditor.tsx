import { useState } from 'react'
import { Button, Card, Form, Input, Popconfirm, Space } from 'antd'
import { DeleteOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { usePatch, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { sessionStore } from '../../api/session-store'
import type { RoleRecord } from '../../api/types'
import { showServerError } from '../../components/form-errors'
import { toast, toastError } from '../../app/toasts'
import { PermissionMatrix } from './PermissionMatrix'
import { fromMatrix, toMatrix, type Matrix } from './permission-matrix'
import { roleLabel, untouchedDefaultRole } from './role-label'

/** Name and permission matrix of one role; saved together. */
export function RoleEditor({ role, onRemoved }: { role: RoleRecord; onRemoved: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ name: string }>()
  const [matrix, setMatrix] = useState<Matrix>(() => toMatrix(role.permissions))
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  const canEdit = useCan('roles', 'edit')
  const canDelete = useCan('roles', 'delete')
  const patchRole = usePatch('roles')
  const removeRole = useRemove('roles')

  // A default role's name is shown translated; saved unchanged, it stays the default (and keeps
  // following the interface language) instead of becoming a renamed role.
  const shownName = roleLabel(role, t)
  async function save({ name }: { name: string }) {
    setBusy(true)
    try {
      const kept = untouchedDefaultRole(role) !== undefined && name.trim() === shownName
      const saved = await patchRole(role._id, { name: kept ? role.name : name.trim(), permissions: fromMatrix(matrix) })
      // Editing one's own role changes what this screen may show at once.
      sessionStore.update((session) => (session.role?._id === saved._id ? { ...session, role: saved } : session))
      setDirty(false)
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(form, error, ['name'])
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    try {
      await removeRole(role._id)
      toast.success(t('roles.removed'))
      onRemoved()
    } catch (error) {
      toastError(error)
    }
  }

  return (
    <Card
      title={shownName}
      extra={
        <Space>
          {canDelete && (
            <Popconfirm title={t('roles.removeConfirm')} onConfirm={remove} okText={t('common.delete')} cancelText={t('common.cancel')}>
              <Button danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
            </Popconfirm>
          )}
          {canEdit && (
            <Button type="primary" loading={busy} disabled={!dirty} onClick={() => form.submit()} data-testid="save-role">
              {t('common.save')}
            </Button>
          )}
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={{ name: shownName }} onFinish={save} onValuesChange={() => setDirty(true)} disabled={!canEdit || busy}>
        <Form.Item name="name" label={t('fields.roleName')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]} style={{ maxWidth: 360 }}>
          <Input />
        </Form.Item>
      </Form>
      <PermissionMatrix
        matrix={matrix}
        disabled={!canEdit || busy}
        onChange={(next) => {
          setMatrix(next)
          setDirty(true)
        }}
      />
    </Card>
  )
}
