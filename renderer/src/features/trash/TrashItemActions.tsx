import { useState } from 'react'
import { Button, Popconfirm, Space } from 'antd'
import { DeleteOutlined, UndoOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { service } from '../../api/client'
import { refreshService } from '../../api/live'
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
      if (kind === 'restore') await service<TrashItem, { restore: boolean }>('trash').patch(item._id, { restore: true })
      else await service('trash').remove(item._id)
      await refreshService('trash')
      // The record is back in (or gone from) its own list too.
      if (kind === 'restore') await refreshService(item.service)
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
