import { Button, Popconfirm, Space, Tooltip } from 'antd'
import { DeleteOutlined, EditOutlined, InboxOutlined, UndoOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { patchRecord, removeRecord } from '../../api/live'
import { useCan } from '../../api/permissions'
import { toast, toastError } from '../../app/toasts'
import { servicePath, type ServiceRecord } from './catalogue-types'

/** Archive (hidden from booking, kept for history) and delete (to the trash) one service. */
export async function setArchived(record: ServiceRecord, archived: boolean, doneText: string) {
  try {
    await patchRecord(servicePath, [record._id, { archived }])
    toast.success(doneText)
  } catch (error) {
    toastError(error)
  }
}

export async function removeService(record: ServiceRecord, doneText: string): Promise<boolean> {
  try {
    await removeRecord(servicePath, [record._id], { also: ['trash'] })
    toast.success(doneText)
    return true
  } catch (error) {
    toastError(error)
    return false
  }
}

/** Row buttons, each only with its permission. */
export function ServiceActions({ record, onEdit }: { record: ServiceRecord; onEdit: () => void }) {
  const { t } = useTranslation()
  const canEdit = useCan('service', 'edit')
  const canDelete = useCan('service', 'delete')
  if (!canEdit && !canDelete) return null
  return (
    <Space size={4} onClick={(event) => event.stopPropagation()}>
      {canEdit && <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={onEdit} />}
      {canEdit && (
        <Tooltip title={record.archived ? t('services.unarchive') : t('services.archive')}>
          <Button
            size="small"
            icon={record.archived ? <UndoOutlined /> : <InboxOutlined />}
            aria-label={record.archived ? t('services.unarchive') : t('services.archive')}
            onClick={() => void setArchived(record, !record.archived, record.archived ? t('services.unarchived') : t('services.archived'))}
          />
        </Tooltip>
      )}
      {canDelete && (
        <Popconfirm
          title={t('services.removeConfirm')}
          description={t('trash.removeHint')}
          onConfirm={() => void removeService(record, t('trash.moved'))}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
        </Popconfirm>
      )}
    </Space>
  )
}
