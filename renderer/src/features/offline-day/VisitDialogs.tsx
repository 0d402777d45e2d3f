import { useMemo, useState } from 'react'
import { Form, Input, InputNumber, Modal, Radio, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import type { OfflineDaySnapshot, OfflineOperation } from '../../../../main/src/offline/offline-types'
import { newClientKey } from '../billing/client-key'
import { toZoned, zonedToUtc } from '../../../../domain/appointments/zoned-time'
import { doctorsOf, patientsOf, servicesOf, type OfflineVisit } from './day-view'
import { bookingOperations, editOperation, noteOperation } from './offline-operations'

type Save = (operations: OfflineOperation[]) => Promise<void>

/** The clinic-local day and time → the instant (the company's zone, by the domain's rule the server books with). */
const instantOf = (day: string, time: string, timeZone: string) => new Date(zonedToUtc(day, time, timeZone)).toISOString()

function useChoices(snapshot: OfflineDaySnapshot) {
  const doctors = useMemo(() => doctorsOf(snapshot).map((doctor) => ({ value: doctor._id, label: doctor.name })), [snapshot])
  const patients = useMemo(() => patientsOf(snapshot).map((patient) => ({ value: patient._id, label: patient.phone ? `${patient.name}, ${patient.phone}` : patient.name })), [snapshot])
  const catalogue = useMemo(() => servicesOf(snapshot), [snapshot])
  return { doctors, patients, catalogue }
}

interface BookValues {
  who: 'cached' | 'new'
  customerId?: string
  firstName?: string
  lastName?: string
  phone?: string
  staffId: string
  serviceId?: string
  day: string
  time: string
  duration: number
  notes?: string
}

/** Books a visit for a cached patient or a new one (name and phone), on today or tomorrow. */
export function BookVisitDialog({ snapshot, branchId, onSave, onClose }: { snapshot: OfflineDaySnapshot; branchId: string; onSave: Save; onClose(): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<BookValues>()
  const [saving, setSaving] = useState(false)
  const who = Form.useWatch('who', form) ?? 'cached'
  const { doctors, patients, catalogue } = useChoices(snapshot)
  const submit = async (values: BookValues) => {
    setSaving(true)
    const patient = values.who === 'new' ? { create: { firstName: values.firstName ?? '', lastName: values.lastName ?? '', phone: values.phone ?? '' } } : { customerId: values.customerId ?? '' }
    const start = instantOf(values.day, values.time, snapshot.timeZone)
    const service = catalogue.find((item) => item._id === values.serviceId)
    const services = service ? [{ serviceId: service._id, name: service.name, duration: service.duration, price: service.price, quantity: 1 }] : []
    await onSave(bookingOperations({ branchId, staffId: values.staffId, start, duration: values.duration, notes: values.notes, services, patient }, newClientKey)).finally(() => setSaving(false))
  }
  // A service chosen sets the visit's length to its own, as the calendar's booking form does.
  const chooseService = (id: string | undefined) => {
    const service = catalogue.find((item) => item._id === id)
    if (service) form.setFieldValue('duration', service.duration)
  }
  return (
    <Modal open title={t('offlineDay.book')} okText={t('offlineDay.bookOk')} cancelText={t('common.cancel')} onOk={() => form.submit()} onCancel={onClose} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ who: 'cached', day: snapshot.days[0], duration: 30 }}>
        <Form.Item name="who" label={t('offlineDay.patient')}>
          <Radio.Group optionType="button" options={[{ value: 'cached', label: t('offlineDay.existingPatient') }, { value: 'new', label: t('offlineDay.newPatient') }]} />
        </Form.Item>
        {who === 'cached' ? (
          <Form.Item name="customerId" label={t('offlineDay.findPatient')} rules={[{ required: true, message: t('offlineDay.required') }]}>
            <Select showSearch optionFilterProp="label" options={patients} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="lastName" label={t('fields.lastName')} rules={[{ required: true, whitespace: true, message: t('offlineDay.required') }]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="firstName" label={t('fields.firstName')} rules={[{ required: true, whitespace: true, message: t('offlineDay.required') }]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="phone" label={t('fields.phone')} rules={[{ required: true, pattern: /^\+?[\d\s()-]{5,32}$/, message: t('offlineDay.phoneInvalid') }]}>
              <Input type="tel" maxLength={32} />
            </Form.Item>
          </>
        )}
        <Form.Item name="staffId" label={t('offlineDay.doctor')} rules={[{ required: true, message: t('offlineDay.required') }]}>
          <Select showSearch optionFilterProp="label" options={doctors} />
        </Form.Item>
        {catalogue.length > 0 && (
          <Form.Item name="serviceId" label={t('offlineDay.service')}>
            <Select showSearch allowClear optionFilterProp="label" options={catalogue.map((item) => ({ value: item._id, label: item.name }))} onChange={chooseService} />
          </Form.Item>
        )}
        <Form.Item name="day" label={t('offlineDay.day')}>
          <Radio.Group options={snapshot.days.map((value, index) => ({ value, label: t(index === 0 ? 'offlineDay.today' : 'offlineDay.tomorrow') }))} />
        </Form.Item>
        <div className="offline-day-row">
          <Form.Item name="time" label={t('offlineDay.time')} rules={[{ required: true, message: t('offlineDay.required') }]}>
            <Input type="time" step={300} />
          </Form.Item>
          <Form.Item name="duration" label={t('offlineDay.duration')}>
            <InputNumber min={5} max={720} step={5} />
          </Form.Item>
        </div>
        <Form.Item name="notes" label={t('offlineDay.notes')}>
          <Input.TextArea rows={2} maxLength={5000} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

interface EditValues {
  time: string
  staffId: string
  notes?: string
}

/** Changes a visit's time (same day), doctor or notes. */
export function EditVisitDialog({ snapshot, visit, onSave, onClose }: { snapshot: OfflineDaySnapshot; visit: OfflineVisit; onSave: Save; onClose(): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<EditValues>()
  const [saving, setSaving] = useState(false)
  const { doctors } = useChoices(snapshot)
  const local = toZoned(visit.start, snapshot.timeZone)
  const submit = async (values: EditValues) => {
    const start = instantOf(local.date, values.time, snapshot.timeZone)
    const operation = editOperation({ ...visit.record, _id: visit._id }, { start, staffId: values.staffId, notes: values.notes ?? '' }, newClientKey())
    if (!operation) return onClose()
    setSaving(true)
    await onSave([operation]).finally(() => setSaving(false))
  }
  return (
    <Modal open title={t('offlineDay.editTitle', { name: visit.patientName })} okText={t('common.save')} cancelText={t('common.cancel')} onOk={() => form.submit()} onCancel={onClose} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ time: local.time, staffId: visit.staffId, notes: visit.notes ?? '' }}>
        <Form.Item name="time" label={t('offlineDay.time')} rules={[{ required: true, message: t('offlineDay.required') }]}>
          <Input type="time" step={300} />
        </Form.Item>
        <Form.Item name="staffId" label={t('offlineDay.doctor')} rules={[{ required: true, message: t('offlineDay.required') }]}>
          <Select showSearch optionFilterProp="label" options={doctors} />
        </Form.Item>
        <Form.Item name="notes" label={t('offlineDay.notes')}>
          <Input.TextArea rows={3} maxLength={5000} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** A note on the visit's patient's card. */
export function NoteDialog({ visit, branchId, onSave, onClose }: { visit: OfflineVisit; branchId: string; onSave: Save; onClose(): void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ text: string }>()
  const [saving, setSaving] = useState(false)
  const submit = async ({ text }: { text: string }) => {
    setSaving(true)
    await onSave([noteOperation(visit.customerId, branchId, text, newClientKey())]).finally(() => setSaving(false))
  }
  return (
    <Modal open title={t('offlineDay.noteTitle', { name: visit.patientName })} okText={t('common.save')} cancelText={t('common.cancel')} onOk={() => form.submit()} onCancel={onClose} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="text" label={t('offlineDay.note')} rules={[{ required: true, whitespace: true, message: t('offlineDay.required') }]}>
          <Input.TextArea rows={4} maxLength={5000} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
