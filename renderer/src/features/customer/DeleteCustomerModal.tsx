import { useState } from 'react'
import { Modal, Typography, type ButtonProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useRemove } from '../../api/live'
import { toast, toastError } from '../../app/toasts'
import type { CustomerRecord } from '../customers/customer-types'
import { customerName } from '../customers/customer-name'

/** Deleting moves the record to the trash, from where it can be restored: the dialog says so. */
export function DeleteCustomerModal({ customer, onClose }: { customer: CustomerRecord; onClose: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const removeCustomer = useRemove('customers')

  async function remove() {
    setBusy(true)
    try {
      await removeCustomer(customer._id)
      toast.success(t('customer.deleted'))
      navigate('/people/customers')
    } catch (error) {
      toastError(error)
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title={t('customer.deleteTitle', { name: customerName(customer) })}
      okText={t('customer.deleteOk')}
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'confirm-delete' } as ButtonProps}
      cancelText={t('common.cancel')}
      onOk={() => void remove()}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t('customer.deleteText')}</Typography.Paragraph>
    </Modal>
  )
}
