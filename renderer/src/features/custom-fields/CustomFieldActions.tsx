import { Button, Popconfirm, Space } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'

interface Props {
  canEdit: boolean
  canDelete: boolean
  first: boolean
  last: boolean
  onMove: (direction: -1 | 1) => void
  onEdit: () => void
  onRemove: () => void
}

/** Move up and down, edit, delete (to the trash) for one custom field. */
export function CustomFieldActions({ canEdit, canDelete, first, last, onMove, onEdit, onRemove }: Props) {
  const { t } = useTranslation()
  return (
    <Space size={4}>
      {canEdit && (
        <>
          <Button size="small" icon={<ArrowUpOutlined />} aria-label={t('customFields.moveUp')} disabled={first} onClick={() => onMove(-1)} />
          <Button size="small" icon={<ArrowDownOutlined />} aria-label={t('customFields.moveDown')} disabled={last} onClick={() => onMove(1)} />
          <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={onEdit} />
        </>
      )}
      {canDelete && (
        <Popconfirm title={t('customFields.removeConfirm')} description={t('trash.removeHint')} onConfirm={onRemove} okText={t('common.delete')} cancelText={t('common.cancel')}>
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
        </Popconfirm>
      )}
    </Space>
  )
}
