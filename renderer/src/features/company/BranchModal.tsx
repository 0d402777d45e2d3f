import { useState } from 'react'
import { Form, Input, Modal, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, usePatch } from '../../api/live'
import type { BranchRecord } from '../../api/types'
import { formatPhone, phoneProblem } from '../../../../domain/validation/phone'
import { showServerError } from '../../components/form-errors'
import { DEFAULT_INVOICE_PREFIX, INVOICE_PREFIX_MAX, isInvoicePrefix, normalizeInvoicePrefix } from '../../../../domain/billing/invoice-prefix'
import { toast } from '../../app/toasts'

type BranchForm = Pick<BranchRecord, 'name' | 'address' | 'phone' | 'isMain' | 'archived' | 'invoicePrefix'>

export function BranchModal({ branch, onClose }: { branch: BranchRecord | null; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<BranchForm>()
  const [busy, setBusy] = useState(false)
  const createBranch = useCreate('branches')
  const patchBranch = usePatch('branches')

  async function save(values: BranchForm) {
    setBusy(true)
    const data = { ...values, address: values.address?.trim() ?? '', phone: values.phone?.trim() ?? '' }
    try {
      if (branch) await patchBranch(branch._id, data)
      else await createBranch(data)
      toast.success(t('common.saved'))
      onClose()
    } catch (error) {
      showServerError(form, error, ['name', 'address', 'phone', 'isMain', 'archived', 'invoicePrefix'])
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title={branch ? branch.name : t('company.addBranch')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={branch ? { ...branch, phone: formatPhone(branch.phone ?? '') } : { isMain: false, archived: false, invoicePrefix: DEFAULT_INVOICE_PREFIX }} onFinish={save}>
        <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
          <Input autoFocus data-testid="branch-name" />
        </Form.Item>
        <Form.Item name="address" label={t('fields.address')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('fields.phone')}
          rules={[{ validator: async (_, value) => {
            const code = value ? phoneProblem(value) : null
            if (code) throw new Error(t(`errors.${code}`))
          } }]}
        >
          <Input type="tel" />
        </Form.Item>
        <Form.Item
          name="invoicePrefix"
          label={t('company.invoicePrefix')}
          extra={t('company.invoicePrefixHint', { example: 'CHL-17' })}
          normalize={(value: string) => normalizeInvoicePrefix(value ?? '')}
          rules={[
            { required: true, message: t('errors.field-required') },
            { validator: async (_, value: string) => { if (value && !isInvoicePrefix(value)) throw new Error(t('company.invoicePrefixInvalid')) } }
          ]}
        >
          <Input maxLength={INVOICE_PREFIX_MAX} data-testid="branch-invoice-prefix" />
        </Form.Item>
        <Form.Item name="isMain" label={t('company.mainBranch')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {branch && (
          <Form.Item name="archived" label={t('team.archivedLabel')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  )
}
