import { useState } from 'react'
import { Alert, Checkbox, Form, Modal, Radio, Typography, type ButtonProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useCreate } from '../../api/live'
import { toast, toastError } from '../../app/toasts'
import type { CustomerRecord } from '../customers/customer-types'
import { customerName } from '../customers/customer-name'
import { CustomerPicker } from './CustomerPicker'
import { MergeSide } from './MergeSide'

interface MergeModalProps {
  customer: CustomerRecord
  /** The other record, already chosen (two ticked in the customers list). */
  initialOther?: CustomerRecord | null
  onClose: () => void
}

/**
 * Merge this customer with another (spec section 4: irreversible). The person picks the other
 * record and which one is kept; the dialog spells out what moves and that it cannot be undone,
 * and the button stays off until they say they understand.
 */
export function MergeModal({ customer, initialOther = null, onClose }: MergeModalProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [other, setOther] = useState<CustomerRecord | null>(initialOther)
  const [keptId, setKeptId] = useState(customer._id)
  const [understood, setUnderstood] = useState(false)
  const [busy, setBusy] = useState(false)
  const mergeCustomers = useCreate('customers-merge', { also: ['customers', 'notes'] })
  const kept = other && keptId === other._id ? other : customer
  const merged = other && keptId === other._id ? customer : other

  async function merge() {
    if (!merged) return
    setBusy(true)
    try {
      const result = await mergeCustomers({ keepId: kept._id, mergeId: merged._id })
      toast.success(t('merge.done'))
      onClose()
      navigate(`/customer/${result?._id ?? kept._id}`)
    } catch (error) {
      toastError(error)
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      width={640}
      title={t('merge.title')}
      okText={t('merge.ok')}
      okButtonProps={{ danger: true, disabled: !merged || !understood, loading: busy, 'data-testid': 'confirm-merge' } as ButtonProps}
      cancelText={t('common.cancel')}
      onOk={() => void merge()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('merge.other')}>
          <CustomerPicker
            exclude={customer._id}
            value={other}
            onChange={(picked) => {
              setOther(picked)
              setKeptId(customer._id)
              setUnderstood(false)
            }}
          />
        </Form.Item>
        {other && merged && (
          <>
            <Form.Item label={t('merge.whichKept')}>
              <Radio.Group value={keptId} onChange={(event) => setKeptId(event.target.value)} className="merge-sides">
                <MergeSide customer={customer} kept={keptId === customer._id} />
                <MergeSide customer={other} kept={keptId === other._id} />
              </Radio.Group>
            </Form.Item>
            <Alert
              type="warning"
              showIcon
              title={t('merge.irreversible')}
              description={
                <div data-testid="merge-summary">
                  <Typography.Paragraph style={{ marginBottom: 4 }}>{t('merge.keeps', { kept: customerName(kept) })}</Typography.Paragraph>
                  <Typography.Paragraph style={{ marginBottom: 4 }}>{t('merge.moves', { merged: customerName(merged), kept: customerName(kept) })}</Typography.Paragraph>
                  <Typography.Paragraph style={{ marginBottom: 4 }}>{t('merge.fills', { merged: customerName(merged), kept: customerName(kept) })}</Typography.Paragraph>
                  <Typography.Paragraph style={{ marginBottom: 0 }}>{t('merge.archives', { merged: customerName(merged) })}</Typography.Paragraph>
                </div>
              }
            />
            <Checkbox checked={understood} onChange={(event) => setUnderstood(event.target.checked)} style={{ marginTop: 12 }} data-testid="merge-understood">
              {t('merge.understood')}
            </Checkbox>
          </>
        )}
      </Form>
    </Modal>
  )
}
