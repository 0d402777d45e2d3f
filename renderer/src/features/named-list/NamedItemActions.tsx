import { Button, Popconfirm, Space } from 'antd'
import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { NamedListConfig } from './named-list'

interface Props {
  config: NamedListConfig
  editing: boolean
  canEdit: boolean
  canDelete: boolean
  onEdit: () => void
  onSave: () => void
  onCancel: () => void
  onRemove: () => void
}

/** Edit and delete while reading; save and cancel while editing. Delete says where it goes. */
export function NamedItemActions({ config, editing, canEdit, canDelete, onEdit, onSave, onCancel, onRemove }: Props) {
  const { t } = useTranslation()
  if (editing) {
    return (
      <Space>
        <Button size="small" type="primary" icon={<CheckOutlined />} aria-label={t('common.save')} onClick={onSave} />
        <Button size="small" icon={<CloseOutlined />} aria-label={t('common.cancel')} onClick={onCancel} />
      </Space>
    )
  }
  return (
    <Space>
      {canEdit && <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={onEdit} />}
      {canDelete && (
        <Popconfirm
          title={config.texts.removeConfirm}
          description={config.texts.removeHint}
          onConfirm={onRemove}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
        </Popconfirm>
      )}
    </Space>
  )
}
