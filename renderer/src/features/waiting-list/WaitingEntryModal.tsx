import { useState } from 'react'
import { Checkbox, DatePicker, Form, Input, InputNumber, Modal, Select, TimePicker, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, usePatch } from '../../api/live'
import { errorPath } from '../../api/errors'
import { errorMessage, toast, toastError } from '../../app/toasts'
import type { CustomerRecord } from '../customers/customer-types'
import { customerName } from '../customers/customer-name'
import { CustomerPicker } from '../customer/CustomerPicker'
import { emptyForm, entryToForm, formToData, servicesDuration, windowProblem, type WaitingFormValues } from './waiting-entry'
import { useCatalogue, useDoctors } from './useLookups'
import type { WaitingListEntry } from './waiting-list-types'

/** Server fields (data.path) and the form item that shows them. */
const fieldOf: Record<string, keyof WaitingFormValues> = {
  customerId: 'customerId',
  staffId: 'staffId',
  serviceIds: 'serviceIds',
  dateFrom: 'dates',
  dateTo: 'dates',
  days: 'days',
  timeFrom: 'times',
  timeTo: 'times',
  duration: 'duration',
  notes: 'notes'
}

export const weekdays = [1, 2, 3, 4, 5, 6, 7]

interface Props {
  /** Editing this entry; without it a new one is added. */
  entry?: WaitingListEntry
  /** The customer is known (the customer's page, or editing): no picker. */
  customer?: CustomerRecord | null
  onClose: () => void
}

/** Add or edit a waiting-list entry: who, which doctor and services, and when they could come. */
export function WaitingEntryModal({ entry, customer: fixedCustomer, onClose }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<WaitingFormValues>()
  const [picked, setPicked] = useState<CustomerRecord | null>(null)
  const [busy, setBusy] = useState(false)
  const createEntry = useCreate('waiting-list')
  const patchEntry = usePatch('waiting-list')
  const { doctors } = useDoctors()
  const catalogue = useCatalogue()
  const initial = entry ? entryToForm(entry) : emptyForm(fixedCustomer?._id)
  const fixed = Boolean(entry || fixedCustomer)

  async function save(values: WaitingFormValues) {
    setBusy(true)
    try {
      const data = formToData(values)
      if (entry) await patchEntry(entry._id, data)
      else await createEntry(data)
      toast.success(entry ? t('common.saved') : t('waitingList.added'))
      onClose()
    } catch (error) {
      const path = errorPath(error)
      const field = path ? fieldOf[path] : undefined
      if (field) form.setFields([{ name: field, errors: [errorMessage(error)] }])
      else toastError(error)
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      width={620}
      title={entry ? t('waitingList.editTitle') : t('waitingList.addTitle')}
      okText={entry ? t('common.save') : t('waitingList.add')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<WaitingFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void save(values)}
        onValuesChange={(changed: Partial<WaitingFormValues>) => {
          // Picking services suggests their total length, as the booking form does.
          if (changed.serviceIds) {
            const total = servicesDuration(changed.serviceIds, catalogue.items)
            if (total) form.setFieldValue('duration', total)
          }
        }}
        requiredMark="optional"
      >
        {fixed ? (
          <>
            <Form.Item name="customerId" hidden>
              <Input />
            </Form.Item>
            <Form.Item label={t('waitingList.customer')}>
              <CustomerName customer={fixedCustomer} />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="customerId"
            label={t('waitingList.customer')}
            rules={[{ required: true, message: t('waitingList.customerRequired') }]}
            // The picker keeps the whole record for its label; the form keeps only the id.
            getValueProps={() => ({})}
            getValueFromEvent={(customer: CustomerRecord | null) => customer?._id}
          >
            <CustomerPicker id="waiting-customer" value={picked} placeholder={t('waitingList.customerSearch')} testId="waiting-customer" onChange={setPicked} />
          </Form.Item>
        )}
        <div className="waiting-form-row">
          <Form.Item name="staffId" label={t('waitingList.doctor')} required={false}>
            <Select
              allowClear
              placeholder={t('waitingList.anyDoctor')}
              options={doctors.map((doctor) => ({ value: doctor._id, label: `${doctor.last_name} ${doctor.first_name}`.trim() }))}
            />
          </Form.Item>
          <Form.Item name="serviceIds" label={t('waitingList.services')} required={false}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('waitingList.anyService')}
              optionFilterProp="label"
              options={catalogue.items.map((item) => ({ value: item._id, label: item.name }))}
              notFoundContent={t('waitingList.noServices')}
            />
          </Form.Item>
        </div>
        <Form.Item name="dates" label={t('waitingList.dates')} rules={[{ required: true, message: t('waitingList.datesRequired') }]}>
          <DatePicker.RangePicker style={{ width: '100%' }} format="DD.MM.YYYY" allowClear={false} />
        </Form.Item>
        <Form.Item name="days" label={t('waitingList.days')} extra={t('waitingList.daysHint')} required={false}>
          <Checkbox.Group options={weekdays.map((day) => ({ value: day, label: t(`waitingList.weekdays.${day}`) }))} />
        </Form.Item>
        <div className="waiting-form-row">
          <Form.Item
            name="times"
            label={t('waitingList.times')}
            dependencies={['duration']}
            rules={[
              { required: true, message: t('waitingList.timesRequired') },
              {
                validator: async (_, value: WaitingFormValues['times']) => {
                  const duration = Number(form.getFieldValue('duration'))
                  if (!value || !duration) return
                  const problem = windowProblem(value[0].format('HH:mm'), value[1].format('HH:mm'), duration)
                  if (problem) throw new Error(t(`waitingList.window.${problem}`))
                }
              }
            ]}
          >
            <TimePicker.RangePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} allowClear={false} needConfirm={false} order />
          </Form.Item>
          <Form.Item name="duration" label={t('waitingList.duration')} rules={[{ required: true, message: t('waitingList.durationRequired') }]}>
            <InputNumber min={5} max={720} step={5} suffix={t('common.minutesShort')} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item name="notes" label={t('waitingList.notes')} required={false}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

function CustomerName({ customer }: { customer?: CustomerRecord | null }) {
  return <Typography.Text strong>{customer ? customerName(customer) : '—'}</Typography.Text>
}
