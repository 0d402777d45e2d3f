import { useRef, useState } from 'react'
import { Button, Divider, Drawer, Form, Grid, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
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
import { DuplicateWarning } from './DuplicateWarning'
import { useDuplicateCheck } from './useDuplicateCheck'
import { mustConfirm } from './duplicate-warning'

interface Props {
  /** null creates a new customer. */
  customer: CustomerRecord | null
  onClose: () => void
  onSaved?: (customer: CustomerRecord) => void
  /**
   * A duplicate's button: picks the existing customer instead (the booking form). Without it
   * the button opens the existing customer's page.
   */
  onPickExisting?: (customer: CustomerRecord) => void
  /** A new customer's first values (the screen pop's "new patient": the caller's number). */
  prefill?: Partial<CustomerFormValues>
}

/**
 * Create or edit a customer: every field of the record, grouped as a front desk fills them in.
 * A new customer whose phone, or name and birth date, an existing one has shows those first
 * (DuplicateWarning), and Save waits until the person chose "create anyway".
 */
export function CustomerDrawer({ customer, onClose, onSaved, onPickExisting, prefill }: Props) {
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
  const navigate = useNavigate()
  const typed = {
    phone: Form.useWatch('phone', form),
    first_name: Form.useWatch('first_name', form),
    last_name: Form.useWatch('last_name', form),
    birthdate: Form.useWatch('birthdate', form)
  }
  const duplicates = useDuplicateCheck(typed, isNew)
  // The matches the person has seen and accepted ("create anyway"); read by save at once.
  const accepted = useRef<ReadonlySet<string>>(new Set())
  const [asking, setAsking] = useState(false)
  const warning = useRef<HTMLDivElement>(null)

  /** Before a create: matches not yet accepted stop the save and ask. */
  async function duplicatesAccepted(values: CustomerFormValues): Promise<boolean> {
    // A failed check does not stop the save: the create itself will tell what is wrong.
    const found = await duplicates.check(values).catch(() => ({ matches: [] as CustomerRecord[] }))
    if (!mustConfirm(found.matches.map((match) => match._id), accepted.current)) return true
    setAsking(true)
    requestAnimationFrame(() => warning.current?.scrollIntoView({ block: 'center', behavior: 'smooth' }))
    return false
  }

  function openExisting(existing: CustomerRecord) {
    if (onPickExisting) return onPickExisting(existing)
    onClose()
    navigate(`/customer/${existing._id}`)
  }

  function createAnyway() {
    accepted.current = new Set([...accepted.current, ...duplicates.matches.map((match) => match._id)])
    setAsking(false)
    form.submit()
  }

  async function save(values: CustomerFormValues) {
    setBusy(true)
    if (isNew && !(await duplicatesAccepted(values))) return setBusy(false)
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
        <Form form={form} layout="vertical" initialValues={{ ...customerToForm(customer, fields), ...(customer ? {} : prefill) }} onFinish={save} disabled={busy} scrollToFirstError data-testid="customer-form">
          <CustomerMainSection />
          {section('contacts')}
          <CustomerContactsSection phoneHidden={phoneHidden} />
          {duplicates.query && duplicates.matches.length > 0 && (
            <div ref={warning}>
              <DuplicateWarning
                query={duplicates.query}
                matches={duplicates.matches}
                asking={asking}
                pickLabel={onPickExisting ? t('duplicates.pick') : undefined}
                onOpen={openExisting}
                onCreateAnyway={createAnyway}
              />
            </div>
          )}
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
