import { useState } from 'react'
import { Button, Popconfirm, Space } from 'antd'
import { DeleteOutlined, UndoOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { isServicePath, patchRecord, removeRecord } from '../../api/live'
import { toast, toastError } from '../../app/toasts'
import type { TrashItem } from './trash-item'

/**
 * Restore (puts the record back with its own id) and, for people allowed to delete, Delete
 * permanently behind a confirmation that says it cannot be undone.
 */
export function TrashItemActions({ item, canRestore, canPurge }: { item: TrashItem; canRestore: boolean; canPurge: boolean }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState<'restore' | 'purge' | null>(null)

  async function run(kind: 'restore' | 'purge') {
    setBusy(kind)
    try {
      // A restored record is back in its own list too.
      if (kind === 'restore') await patchRecord('trash', [item._id, { restore: true }], { also: isServicePath(item.service) ? [item.service] : [] })
      else await removeRecord('trash', [item._id])
      toast.success(kind === 'restore' ? t('trash.restored') : t('trash.purged'))
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(null)
    }
  }

  return (
    <Space wrap>
      {canRestore && (
        <Button size="small" icon={<UndoOutlined />} loading={busy === 'restore'} disabled={busy !== null} onClick={() => void run('restore')}>
          {t('trash.restore')}
        </Button>
      )}
      {canPurge && (
        <Popconfirm
          title={t('trash.purgeConfirm')}
          description={t('trash.purgeHint')}
          onConfirm={() => run('purge')}
          okText={t('trash.purge')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
        >
          <Button size="small" danger icon={<DeleteOutlined />} loading={busy === 'purge'} disabled={busy !== null}>
            {t('trash.purge')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  )
}
