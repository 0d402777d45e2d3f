import { Button, Popconfirm, Space } from 'antd'
import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'

interface Props {
  canEdit: boolean
  /** Shipped entries are not removed (they are hidden instead). */
  canDelete: boolean
  onEdit: () => void
  onRemove: () => void
}

/** Edit and delete buttons of one dictionary row. */
export function EntryActions({ canEdit, canDelete, onEdit, onRemove }: Props) {
  const { t } = useTranslation()
  return (
    <Space>
      {canEdit && <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={onEdit} />}
      {canDelete && (
        <Popconfirm title={t('clinicalDictionaries.removeConfirm')} onConfirm={onRemove} okText={t('common.delete')} cancelText={t('common.cancel')}>
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
        </Popconfirm>
      )}
    </Space>
  )
}
