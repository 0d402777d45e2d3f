import { Button, Dropdown, Space, type MenuProps } from 'antd'
import { DeleteOutlined, EditOutlined, InboxOutlined, MergeCellsOutlined, MoreOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { toast, toastError } from '../../app/toasts'
import type { CustomerRecord } from '../customers/customer-types'

export type CustomerDialog = 'edit' | 'merge' | 'delete'

/**
 * Edit, and behind "More": archive, blacklist, merge and delete. A merged record is history:
 * it can only be deleted. Buttons show only when the role allows them (the server decides;
 * merging needs `customers` delete, as the merged record leaves the list for good).
 */
export function CustomerActions({ customer, onOpen, compact }: { customer: CustomerRecord; onOpen: (dialog: CustomerDialog) => void; compact: boolean }) {
  const { t } = useTranslation()
  const canEdit = useCan('customers', 'edit')
  const canDelete = useCan('customers', 'delete')
  const patchCustomer = usePatch('customers')
  const merged = Boolean(customer.mergedInto)

  async function change(data: Partial<CustomerRecord>, done: string) {
    try {
      await patchCustomer(customer._id, data)
      toast.success(done)
    } catch (error) {
      toastError(error)
    }
  }

  const items: MenuProps['items'] = [
    canEdit && !merged
      ? customer.archived
        ? { key: 'unarchive', icon: <UndoOutlined />, label: t('customer.unarchive'), onClick: () => void change({ archived: false }, t('customer.unarchived')) }
        : { key: 'archive', icon: <InboxOutlined />, label: t('customer.archive'), onClick: () => void change({ archived: true }, t('customer.archived')) }
      : null,
    canEdit && !merged
      ? customer.blacklisted
        ? { key: 'unblacklist', icon: <UndoOutlined />, label: t('customer.unblacklist'), onClick: () => void change({ blacklisted: false }, t('customer.unblacklisted')) }
        : { key: 'blacklist', icon: <StopOutlined />, label: t('customer.blacklist'), onClick: () => void change({ blacklisted: true }, t('customer.blacklisted')) }
      : null,
    canDelete && !merged ? { key: 'merge', icon: <MergeCellsOutlined />, label: t('customer.merge'), onClick: () => onOpen('merge') } : null,
    canDelete ? { type: 'divider' as const } : null,
    canDelete ? { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('customer.delete'), onClick: () => onOpen('delete') } : null
  ].filter(Boolean)

  return (
    <Space>
      {canEdit && !merged && (
        <Button type="primary" icon={<EditOutlined />} onClick={() => onOpen('edit')} data-testid="edit-customer">
          {compact ? null : t('common.edit')}
        </Button>
      )}
      {items.length > 0 && (
        <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
          <Button icon={<MoreOutlined />} aria-label={t('customer.more')} data-testid="customer-more">
            {compact ? null : t('customer.more')}
          </Button>
        </Dropdown>
      )}
    </Space>
  )
}
