import { useState } from 'react'
import { Button, Divider, Drawer, Form, Grid, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, usePatch } from '../../api/live'
import { showServerError } from '../../components/form-errors'
import { errorMessage, toast } from '../../app/toasts'
import { errorPath } from '../../api/errors'
import type { CustomerRecord } from './customer-types'
import { customerFormFields, customerToForm, formToCustomerData, type CustomerFormValues } from './customer-form'
import { customerName } from './customer-name'
import { useCustomerLookups } from './useCustomerLookups'
import { useCustomFields } from './useCustomFields'
import { useCustomerSettings } from './useCustomerSettings'
import { CustomerMainSection } from './CustomerMainSection'
import { CustomerContactsSection } from './CustomerContactsSection'
import { CustomerDocumentsSection } from './CustomerDocumentsSection'
import { CustomerMarketingSection } from './CustomerMarketingSection'
import { CustomerTermsSection } from './CustomerTermsSection'
import { CustomFieldsSection } from './CustomFieldsSection'

interface Props {
  /** null creates a new customer. */
  customer: CustomerRecord | null
  onClose: () => void
  onSaved?: (customer: CustomerRecord) => void
}

/** Create or edit a customer: every field of the record, grouped as a front desk fills them in. */
export function CustomerDrawer({ customer, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<CustomerFormValues>()
  const [busy, setBusy] = useState(false)
  const createCustomer = useCreate('customers')
  const patchCustomer = usePatch('customers')
  const phone = !Grid.useBreakpoint().md
  const lookups = useCustomerLookups()
  const { fields, loading: fieldsLoading } = useCustomFields()
  const settings = useCustomerSettings()
  const isNew = !customer
  const phoneHidden = Boolean(customer?.phoneHidden)

  async function save(values: CustomerFormValues) {
    setBusy(true)
    const data = formToCustomerData(values, fields, { phoneHidden })
    try {
      const saved = customer
        ? await patchCustomer(customer._id, data)
        : await createCustomer(data)
      toast.success(t('common.saved'))
      if (onSaved) onSaved(saved)
      else onClose()
    } catch (error) {
      // A custom field's error names it as customFields.<id>: the form keeps those nested.
      const path = errorPath(error)
      if (path?.startsWith('customFields.')) {
        const name = ['customFields', path.slice('customFields.'.length)]
        form.setFields([{ name, errors: [errorMessage(error)] }])
        form.scrollToField(name)
      } else showServerError(form, error, customerFormFields)
    } finally {
      setBusy(false)
    }
  }

  const section = (key: string) => (
    <Divider titlePlacement="start" className="form-section">
      {t(`customer.section.${key}`)}
    </Divider>
  )

  return (
    <Drawer
      open
      size={phone ? '100%' : 720}
      title={customer ? customerName(customer) : t('customers.add')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="save-customer">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {/* Custom field values need the field list before the form takes its first values. */}
      {!fieldsLoading && (
        <Form form={form} layout="vertical" initialValues={customerToForm(customer, fields)} onFinish={save} disabled={busy} scrollToFirstError data-testid="customer-form">
          <CustomerMainSection />
          {section('contacts')}
          <CustomerContactsSection phoneHidden={phoneHidden} />
          {section('marketing')}
          <CustomerMarketingSection tags={lookups.tagList} sources={lookups.sourceList} sourceRequired={isNew && settings.requireCustomerSource} />
          {section('documents')}
          <CustomerDocumentsSection />
          {section('terms')}
          <CustomerTermsSection />
          {fields.length > 0 && section('customFields')}
          {fields.length > 0 && <CustomFieldsSection fields={fields} />}
        </Form>
      )}
    </Drawer>
  )
}
