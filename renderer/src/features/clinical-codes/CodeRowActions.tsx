import { Button, Popconfirm, Space, Tooltip } from 'antd'
import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'

/** Edit and delete (to the trash) for a company's own entry; nothing for a shipped one. */
export function CodeRowActions({ canEdit, canDelete, onEdit, onRemove }: { canEdit: boolean; canDelete: boolean; onEdit: () => void; onRemove: () => void }) {
  const { t } = useTranslation()
  return (
    <Space size={0}>
      {canEdit && (
        <Tooltip title={t('common.edit')}>
          <Button type="text" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={onEdit} />
        </Tooltip>
      )}
      {canDelete && (
        <Popconfirm title={t('clinicalCodes.removeConfirm')} description={t('trash.removeHint')} okText={t('common.delete')} cancelText={t('common.cancel')} onConfirm={onRemove}>
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
        </Popconfirm>
      )}
    </Space>
  )
}
