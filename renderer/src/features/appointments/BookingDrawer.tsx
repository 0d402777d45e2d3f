import './appointments.css'
import { useMemo, useState } from 'react'
import dayjs from 'dayjs'
import { Alert, Button, Checkbox, Col, DatePicker, Drawer, Form, Grid, InputNumber, Popconfirm, Radio, Row, Select, Space, Switch } from 'antd'
import { datePickerFormat } from '../customers/customer-form'
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { refreshService, useCreate, usePatch, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { errorCode, errorPath } from '../../api/errors'
import { errorMessage, toast, toastError } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import type { AppointmentRecord, AppointmentSlot } from './appointment-types'
import {
  changedFields,
  durationOfServices,
  durationOptions,
  fieldOfPath,
  hasDoctor,
  initialValues,
  reminderUnits,
  statusChoices,
  timeOptions,
  toAppointmentData,
  type BookingPrefill,
  type BookingValues
} from './booking-form'
import { CustomerSelect } from './CustomerSelect'
import { BookingPatientSummary } from './BookingPatientSummary'
import { RepeatFields } from './RepeatFields'
import { durationLabel } from './duration-label'
import { BookingBundleButton } from './BookingBundleButton'
import { RecallButton } from '../tasks/RecallButton'
import { VisitPrintMenu } from '../documents/VisitPrintMenu'
import { doctorName, useDoctors, useServiceCatalogue, useWorkPlaces } from './useResources'
import { useCalendarSettings, useCompanyZone, useCurrency } from './useCalendarSettings'
import { companyToday, dayKey, timeKey, toFloating } from './zoned-time'
import { SlotFinder } from './SlotFinder'
import { APPOINTMENT_PATH } from './useAppointments'
import { useBookingProblem } from './useBookingProblem'
import { statusColor } from './status-colors'
import { useCompletionGate } from '../treatment-done/useCompletionGate'
import { bookPlanPhase } from '../treatment-plan/book-phase'
import { TemplateTextArea } from '../../components/TemplateTextArea'

interface Props {
  /** An appointment to edit, or null to book a new one. */
  appointment: AppointmentRecord | null
  prefill?: BookingPrefill
  onClose: () => void
  onSaved?: (appointment: AppointmentRecord) => void
}

type SeriesScope = 'this' | 'following'

/**
 * Book or edit a visit. Server refusals land at their field (the doctor busy at Doctor, no
 * customer at Customer, outside working hours at Time); the status offers only the moves the
 * state machine allows; a series is edited for this visit or this and the following ones.
 */
export function BookingDrawer({ appointment, prefill = {}, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const [form] = Form.useForm<BookingValues>()
  const phone = !Grid.useBreakpoint().md
  const zone = useCompanyZone()
  const currency = useCurrency()
  const settings = useCalendarSettings()
  const { doctors } = useDoctors()
  const { workPlaces } = useWorkPlaces()
  const catalogue = useServiceCatalogue()
  const canSeeAll = useCan('appointment', 'seeAll')
  const canDelete = useCan('appointment', 'delete')
  const canWrite = useCan('appointment', appointment ? 'edit' : 'create')
  const [busy, setBusy] = useState(false)
  const { gate, dialog: completionDialog } = useCompletionGate()
  const createAppointment = useCreate(APPOINTMENT_PATH)
  const patchAppointment = usePatch(APPOINTMENT_PATH)
  const removeAppointment = useRemove(APPOINTMENT_PATH)
  const [scope, setScope] = useState<SeriesScope>('this')
  const [overrideOffered, setOverrideOffered] = useState(false)
  const [override, setOverride] = useState(false)
  const [findingSlot, setFindingSlot] = useState(false)
  const [durationTouched, setDurationTouched] = useState(Boolean(appointment || prefill.duration))
  // Computed once: the form keeps its own values after that.
  const [initial] = useState(() => initialValues(appointment, prefill, settings, zone, companyToday(zone)))
  const serviceIds = Form.useWatch('serviceIds', form) ?? initial.serviceIds
  const duration = Form.useWatch('duration', form) ?? initial.duration
  const reminderOn = Form.useWatch('reminderOn', form) ?? initial.reminderOn
  const inSeries = Boolean(appointment?.seriesId)
  const staffId = Form.useWatch('staffId', form) ?? initial.staffId
  const customerId = Form.useWatch('customerId', form) ?? initial.customerId
  const date = Form.useWatch('date', form) ?? initial.date
  const time = Form.useWatch('time', form) ?? initial.time
  // What the server would refuse, said while the form is filled (the same rules, bookable-hours.ts).
  const problem = useBookingProblem(
    {
      staffId,
      date,
      time,
      duration,
      buffer: Math.max(0, ...serviceIds.map((id) => catalogue.find((entry) => entry._id === id)?.bufferTime ?? 0)),
      schedule: doctors.find((member) => member._id === staffId)?.schedule,
      appointmentId: appointment?._id,
      override
    },
    zone
  )

  const times = useMemo(() => {
    const list = timeOptions(settings)
    return list.includes(initial.time) ? list : [...list, initial.time].sort()
  }, [settings, initial.time])
  const durations = durationOptions(settings, duration)
  const chosen = serviceIds.flatMap((id) => {
    const item = appointment?.services.find((kept) => kept.serviceId === id) ?? catalogue.find((entry) => entry._id === id)
    return item ? [{ key: id, name: item.name, duration: item.duration, price: item.price }] : []
  })
  const total = chosen.reduce((sum, item) => sum + item.price, 0)
  // Doctors who left the branch still show on their old visits.
  const doctorOptions = doctors.map((member) => ({ value: member._id, label: doctorName(member) }))
  const placeOptions = workPlaces.map((place) => ({ value: place._id, label: place.name }))

  function servicesChanged(ids: string[]) {
    if (durationTouched) return
    const fromServices = durationOfServices(ids, catalogue, settings.durationStep)
    if (fromServices) form.setFieldValue('duration', fromServices)
  }

  /**
   * A slot from the finder fills the form with its doctor, chair, time, services and the length
   * the server found free; saving stays the person's step (notes, reminder...).
   */
  function pickSlot(slot: AppointmentSlot, pickedServices: string[]) {
    const start = toFloating(slot.start, zone)
    form.setFieldsValue({
      staffId: slot.staffId,
      workPlaceId: slot.workPlaceId ?? null,
      date: dayKey(start),
      time: timeKey(start),
      serviceIds: pickedServices,
      duration: Math.round((Date.parse(slot.end) - Date.parse(slot.start)) / 60_000)
    })
    setOverride(false)
  }

  /** Completing a visit asks what was done first (treatment lines), unless it has them. */
  async function save(values: BookingValues) {
    const completing = appointment && appointment.status !== 'completed' && { ...initial, ...values }.status === 'completed'
    if (completing) return gate(appointment, () => persist(values))
    return persist(values)
  }

  async function persist(values: BookingValues) {
    const merged = { ...initial, ...values }
    // The Doctor rule has passed by now; this tells the types so, and guards a bypassed form.
    if (!hasDoctor(merged)) {
      form.setFields([{ name: 'staffId', errors: [t('booking.doctorRequired')] }])
      return
    }
    setBusy(true)
    const data = toAppointmentData(merged, zone, catalogue, appointment)
    const extra = override ? { overrideWorkingHours: true } : {}
    try {
      let saved: AppointmentRecord
      if (appointment) {
        const patch = changedFields(data, appointment)
        saved = Object.keys(patch).length
          ? await patchAppointment(appointment._id, { ...patch, ...extra }, inSeries ? { query: { $series: scope } } : undefined)
          : appointment
      } else if (prefill.planPhase) {
        saved = await bookPlanPhase(prefill.planPhase, { ...data, ...extra })
      } else {
        saved = await createAppointment({ ...data, ...extra, ...(prefill.waitingListId ? { waitingListId: prefill.waitingListId } : {}) })
      }
      // Booked from the waiting list: the server marked that entry booked.
      if (prefill.waitingListId) void refreshService('waiting-list')
      toast.success(t(appointment ? 'common.saved' : 'booking.booked'))
      if (onSaved) onSaved(saved)
      else onClose()
    } catch (error) {
      if (errorCode(error) === 'outside-working-hours' && canSeeAll) setOverrideOffered(true)
      const field = fieldOfPath(errorPath(error))
      if (field) {
        form.setFields([{ name: field as keyof BookingValues, errors: [errorMessage(error)] }])
        form.scrollToField(field)
      } else toastError(error)
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    if (!appointment) return
    setBusy(true)
    try {
      await removeAppointment(appointment._id, inSeries ? { query: { $series: scope } } : undefined)
      toast.success(t('booking.deleted'))
      onClose()
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  const half = phone ? 24 : 12
  return (
    <Drawer
      open
      size={phone ? '100%' : 640}
      title={appointment ? t('booking.editTitle') : t('booking.title')}
      rootClassName="booking-drawer"
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          {appointment && canDelete && (
            <Popconfirm title={t('booking.deleteConfirm')} okText={t('common.delete')} cancelText={t('common.cancel')} onConfirm={() => void remove()}>
              <Button danger icon={<DeleteOutlined />} aria-label={t('common.delete')} disabled={busy} />
            </Popconfirm>
          )}
          {/* A recall (issue 17): a treatment reminder for this patient, made from this visit. */}
          {appointment?.customerId && <VisitPrintMenu customerId={appointment.customerId} />}
          {appointment?.customerId && <RecallButton customerId={appointment.customerId} appointmentId={appointment._id} testId="booking-recall" iconOnly />}
          {!phone && <Button onClick={onClose}>{t('common.cancel')}</Button>}
          <Button type="primary" loading={busy} disabled={!canWrite} onClick={() => form.submit()} data-testid="booking-save">
            {appointment ? t('common.save') : t('booking.book')}
          </Button>
        </Space>
      }
    >
      {completionDialog}
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => void save(values)}
        disabled={busy || !canWrite}
        scrollToFirstError
        data-testid="booking-form"
        onValuesChange={(changed: Partial<BookingValues>) => {
          if ('duration' in changed) setDurationTouched(true)
          if ('serviceIds' in changed) servicesChanged(changed.serviceIds ?? [])
        }}
      >
        {inSeries && (
          <Form.Item label={t('booking.seriesScope')}>
            <Radio.Group value={scope} onChange={(event) => setScope(event.target.value as SeriesScope)} data-testid="booking-scope">
              <Radio value="this">{t('booking.scopeThis')}</Radio>
              <Radio value="following">{t('booking.scopeFollowing')}</Radio>
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item name="customerId" label={t('booking.customer')} rules={[{ required: true, message: t('errors.no-customer') }]}>
          <CustomerSelect />
        </Form.Item>
        {customerId && <BookingPatientSummary customerId={customerId} appointmentId={appointment?._id} />}
        <Row gutter={12}>
          <Col span={half}>
            <Form.Item name="staffId" label={t('booking.doctor')} rules={[{ required: true, message: t('booking.doctorRequired') }]}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={doctorOptions} placeholder={t('booking.doctorPlaceholder')} data-testid="booking-doctor" />
            </Form.Item>
          </Col>
          <Col span={half}>
            <Form.Item name="workPlaceId" label={t('booking.chair')}>
              <Select allowClear options={placeOptions} placeholder={t('booking.noChair')} data-testid="booking-chair" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={phone ? 24 : 10}>
            <Form.Item
              name="date"
              label={t('booking.date')}
              rules={[{ required: true }]}
              getValueProps={(value: string | null) => ({ value: value ? dayjs(value) : null })}
              normalize={(value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null)}
            >
              <DatePicker allowClear={false} style={{ width: '100%' }} format={[datePickerFormat(i18n.language), 'YYYY-MM-DD']} data-testid="booking-date" />
            </Form.Item>
          </Col>
          <Col span={phone ? 12 : 7}>
            <Form.Item name="time" label={t('booking.time')} rules={[{ required: true }]}>
              <Select showSearch options={times.map((time) => ({ value: time, label: time }))} data-testid="booking-time" />
            </Form.Item>
          </Col>
          <Col span={phone ? 12 : 7}>
            <Form.Item name="duration" label={t('booking.duration')} rules={[{ required: true }]}>
              <Select options={durations.map((minutes) => ({ value: minutes, label: durationLabel(t, minutes) }))} data-testid="booking-duration" />
            </Form.Item>
          </Col>
        </Row>
        <Button
          type="link"
          icon={<SearchOutlined />}
          className="booking-find-slot"
          onClick={() => setFindingSlot(true)}
          data-testid="booking-find-slot"
        >
          {t('booking.findSlot')}
        </Button>
        {problem && (
          <Alert
            type="warning"
            showIcon
            className="booking-problem"
            title={errorMessage({ data: { code: problem.code, ...problem.data } })}
            data-testid="booking-problem"
          />
        )}
        {(overrideOffered || override || (problem?.code === 'outside-working-hours' && canSeeAll)) && (
          <Form.Item>
            <Checkbox checked={override} onChange={(event) => setOverride(event.target.checked)} data-testid="booking-override">
              {t('booking.overrideWorkingHours')}
            </Checkbox>
          </Form.Item>
        )}
        <Form.Item name="serviceIds" label={t('booking.services')}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('booking.servicesPlaceholder')}
            options={[
              ...catalogue.map((item) => ({ value: item._id, label: item.name, item })),
              ...(appointment?.services ?? []).filter((kept) => !catalogue.some((item) => item._id === kept.serviceId)).map((kept) => ({ value: kept.serviceId, label: kept.name }))
            ]}
            optionRender={(option) => {
              const item = catalogue.find((entry) => entry._id === option.value)
              return (
                <div className="booking-service-option">
                  <span>{option.label}</span>
                  {item && (
                    <span className="muted">
                      {durationLabel(t, item.duration)} · {format.money(item.price, currency)}
                    </span>
                  )}
                </div>
              )
            }}
            data-testid="booking-services"
          />
        </Form.Item>
        {chosen.length > 0 && (
          <div className="booking-services-summary" data-testid="booking-services-summary">
            {chosen.map((item) => (
              <div key={item.key} className="booking-service-row">
                <span>{item.name}</span>
                <span className="muted">{durationLabel(t, item.duration)}</span>
                <span>{format.money(item.price, currency)}</span>
              </div>
            ))}
            <div className="booking-service-row booking-service-total">
              <span>{t('booking.total')}</span>
              <span />
              <span>{format.money(total, currency)}</span>
            </div>
          </div>
        )}
        {canWrite && (
          <BookingBundleButton
            chosen={serviceIds}
            offered={catalogue}
            onAdd={(ids) => {
              form.setFieldValue('serviceIds', ids)
              servicesChanged(ids)
            }}
          />
        )}
        <Form.Item name="status" label={t('booking.status')}>
          <Select
            options={statusChoices(appointment?.status ?? null).map((status) => ({
              value: status,
              label: (
                <span className="status-option">
                  <span className="status-dot" style={{ background: statusColor(status) }} />
                  {t(`appointmentStatus.${status}`)}
                </span>
              )
            }))}
            data-testid="booking-status"
          />
        </Form.Item>
        <RepeatFields disabled={Boolean(appointment)} />
        <Row gutter={12} align="middle">
          <Col span={half}>
            <Form.Item name="notifyClient" label={t('booking.notifyClient')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={half}>
            <Form.Item label={t('booking.reminder')}>
              <Space wrap>
                <Form.Item name="reminderOn" valuePropName="checked" noStyle>
                  <Switch aria-label={t('booking.reminder')} />
                </Form.Item>
                {reminderOn && (
                  <Space.Compact>
                    <Form.Item name="reminderAmount" noStyle rules={[{ required: true, type: 'number', min: 1 }]}>
                      <InputNumber min={1} max={999} style={{ width: 80 }} aria-label={t('booking.reminderAmount')} />
                    </Form.Item>
                    <Form.Item name="reminderUnit" noStyle>
                      <Select style={{ width: 130 }} options={reminderUnits.map((unit) => ({ value: unit, label: t(`booking.unit.${unit}`) }))} aria-label={t('booking.reminderUnit')} />
                    </Form.Item>
                  </Space.Compact>
                )}
                {reminderOn && <span className="muted">{t('booking.before')}</span>}
              </Space>
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="notes" label={t('booking.notes')}>
          <TemplateTextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
        {appointment?.repeat && (
          <Alert type="info" showIcon title={t('booking.seriesNote', { index: (appointment.seriesIndex ?? 0) + 1 })} />
        )}
        {phone && (
          <Button block onClick={onClose} style={{ marginTop: 16 }}>
            {t('common.cancel')}
          </Button>
        )}
      </Form>
      {findingSlot && (
        <SlotFinder
          initial={{ serviceIds, staffId, dateFrom: date < companyToday(zone) ? companyToday(zone) : date }}
          onPick={pickSlot}
          onClose={() => setFindingSlot(false)}
        />
      )}
    </Drawer>
  )
}
