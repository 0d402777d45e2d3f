import { useMemo, useState } from 'react'
import dayjs from 'dayjs'
import { Alert, Button, Col, DatePicker, Drawer, Empty, Grid, Row, Segmented, Select, Spin, Tag } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { refreshService, useCreate, useFind } from '../../api/live'
import { client } from '../../api/client'
import { useCurrentBranch } from '../../api/branch'
import { errorMessage, toast } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import type { AppointmentSlot } from './appointment-types'
import { CustomerSelect } from './CustomerSelect'
import { servicesOf } from './booking-form'
import { doctorName, useServiceCatalogue, useStaffNames } from './useResources'
import { useCompanyZone } from './useCalendarSettings'
import { APPOINTMENT_PATH } from './useAppointments'
import { companyToday, timeKey, toFloating } from './zoned-time'
import { slotSearchQuery, slotsByDay, type SlotSearch } from './slot-search'

interface Props {
  /** The patient to book, when known (the card, the waiting list). */
  customerId?: string | null
  /** What to look for at first (a waiting-list entry's services, doctor and window). */
  initial?: Partial<SlotSearch>
  /** Booked from the waiting list: the entry the booking fills. */
  waitingListId?: string
  onClose: () => void
  onBooked?: () => void
  /**
   * Opened from the booking form: a chosen slot fills the form instead of booking, so the
   * search stays in the form's branch and needs no patient.
   */
  onPick?: (slot: AppointmentSlot, serviceIds: string[]) => void
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7]
const HOURS = Array.from({ length: 25 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`)

/**
 * "Find the first free slots" (issue 13): a visit of some services, any or one doctor, a chair
 * or room if needed, this branch or any, a time of day and a first day. The server answers with
 * the rules a booking checks (appointment-slots), so a slot it proposes is booked in one click.
 */
export function SlotFinder({ customerId: givenCustomer = null, initial = {}, waitingListId, onClose, onBooked, onPick }: Props) {
  const { t } = useTranslation()
  const format = useFormat()
  const phone = !Grid.useBreakpoint().md
  const zone = useCompanyZone()
  const currentBranch = useCurrentBranch()
  const catalogue = useServiceCatalogue()
  const staff = useStaffNames()
  const branches = useFind('branches', { $limit: 500 })
  const workPlaces = useFind('work-place', { $limit: 500 })
  const createAppointment = useCreate(APPOINTMENT_PATH)
  const [customerId, setCustomerId] = useState<string | null>(givenCustomer)
  const [search, setSearch] = useState<SlotSearch>({
    serviceIds: [],
    staffId: null,
    workPlaceKind: null,
    anyBranch: false,
    timeFrom: null,
    timeTo: null,
    weekdays: [],
    dateFrom: companyToday(zone),
    ...initial
  })
  const [booking, setBooking] = useState<string | null>(null)
  const query = useMemo(() => slotSearchQuery(search, currentBranch), [search, currentBranch])
  const found = useQuery({
    queryKey: ['appointment-slots', 'find', query],
    queryFn: () => client.service('appointment-slots').find({ query: query! }),
    enabled: query !== null
  })
  const days = slotsByDay(found.data?.data ?? [], zone)
  const branchName = new Map((branches.data?.data ?? []).map((branch) => [branch._id, branch.name]))
  const placeName = new Map((workPlaces.data?.data ?? []).map((place) => [place._id, place.name]))
  const set = (change: Partial<SlotSearch>) => setSearch((current) => ({ ...current, ...change }))

  async function book(slot: AppointmentSlot) {
    if (onPick) {
      onPick(slot, search.serviceIds)
      onClose()
      return
    }
    if (!customerId) return
    const key = `${slot.start} ${slot.staffId} ${slot.branchId}`
    setBooking(key)
    try {
      await createAppointment({
        customerId,
        staffId: slot.staffId,
        branchId: slot.branchId,
        workPlaceId: slot.workPlaceId,
        start: slot.start,
        duration: Math.round((Date.parse(slot.end) - Date.parse(slot.start)) / 60_000),
        services: servicesOf(search.serviceIds, catalogue),
        ...(waitingListId ? { waitingListId } : {})
      })
      if (waitingListId) void refreshService('waiting-list')
      toast.success(t('booking.booked'))
      onBooked?.()
      onClose()
    } catch (error) {
      toast.error(errorMessage(error))
      void found.refetch()
    } finally {
      setBooking(null)
    }
  }

  const half = phone ? 24 : 12
  return (
    <Drawer open size={phone ? '100%' : 640} title={t('slots.title')} onClose={onClose} destroyOnHidden data-testid="slot-finder">
      <div className="slot-finder-form">
        {!onPick && (
          <>
            <div className="slot-finder-label">{t('booking.customer')}</div>
            <CustomerSelect value={customerId} onChange={setCustomerId} />
          </>
        )}
        <div className="slot-finder-label">{t('booking.services')}</div>
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('booking.servicesPlaceholder')}
          value={search.serviceIds}
          onChange={(serviceIds: string[]) => set({ serviceIds })}
          options={catalogue.map((item) => ({ value: item._id, label: item.name }))}
          style={{ width: '100%' }}
          data-testid="slot-services"
        />
        <Row gutter={12}>
          <Col span={half}>
            <div className="slot-finder-label">{t('booking.doctor')}</div>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('slots.anyDoctor')}
              value={search.staffId ?? undefined}
              onChange={(staffId?: string) => set({ staffId: staffId ?? null })}
              options={[...staff.values()].filter((member) => member.acceptsAppointments).map((member) => ({ value: member._id, label: doctorName(member) }))}
              style={{ width: '100%' }}
              data-testid="slot-doctor"
            />
          </Col>
          <Col span={half}>
            <div className="slot-finder-label">{t('slots.place')}</div>
            <Select
              value={search.workPlaceKind ?? 'any'}
              onChange={(kind: string) => set({ workPlaceKind: kind === 'any' ? null : (kind as SlotSearch['workPlaceKind']) })}
              options={[
                { value: 'any', label: t('slots.anyPlace') },
                { value: 'chair', label: t('workPlaces.kinds.chair') },
                { value: 'room', label: t('workPlaces.kinds.room') }
              ]}
              style={{ width: '100%' }}
              data-testid="slot-place"
            />
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={half}>
            <div className="slot-finder-label">{t('slots.fromDay')}</div>
            <DatePicker
              allowClear={false}
              value={dayjs(search.dateFrom)}
              onChange={(value) => value && set({ dateFrom: value.format('YYYY-MM-DD') })}
              format="DD.MM.YYYY"
              style={{ width: '100%' }}
              data-testid="slot-from-day"
            />
          </Col>
          <Col span={half}>
            <div className="slot-finder-label">{t('slots.timeOfDay')}</div>
            <div className="slot-finder-times">
              <Select allowClear placeholder={t('slots.from')} value={search.timeFrom ?? undefined} onChange={(time?: string) => set({ timeFrom: time ?? null })} options={HOURS.slice(0, 24).map((time) => ({ value: time, label: time }))} aria-label={t('slots.from')} />
              <Select allowClear placeholder={t('slots.to')} value={search.timeTo ?? undefined} onChange={(time?: string) => set({ timeTo: time ?? null })} options={HOURS.slice(1).map((time) => ({ value: time, label: time }))} aria-label={t('slots.to')} />
            </div>
          </Col>
        </Row>
        <div className="slot-finder-label">{t('slots.weekdays')}</div>
        <div className="slot-finder-weekdays" data-testid="slot-weekdays">
          {WEEKDAYS.map((weekday) => (
            <Tag.CheckableTag
              key={weekday}
              checked={search.weekdays.includes(weekday)}
              onChange={(checked) => set({ weekdays: checked ? [...search.weekdays, weekday] : search.weekdays.filter((day) => day !== weekday) })}
            >
              {dayjs().day(weekday % 7).format('dd')}
            </Tag.CheckableTag>
          ))}
        </div>
        {!onPick && (
          <Segmented
            block
            value={search.anyBranch ? 'any' : 'this'}
            onChange={(value) => set({ anyBranch: value === 'any' })}
            options={[
              { value: 'this', label: t('slots.thisBranch') },
              { value: 'any', label: t('slots.anyBranch') }
            ]}
            data-testid="slot-branches"
          />
        )}
      </div>
      {!customerId && !onPick && <Alert type="info" showIcon className="slot-finder-note" title={t('slots.pickPatient')} />}
      {query === null ? (
        <Empty description={t('slots.pickServices')} />
      ) : found.error ? (
        <Alert type="error" showIcon title={errorMessage(found.error)} />
      ) : found.isLoading ? (
        <Spin />
      ) : days.length === 0 ? (
        <Empty description={t('slots.none')} />
      ) : (
        <div className="slot-finder-results" data-testid="slot-results">
          {days.map((day) => (
            <div key={day.day} className="slot-finder-day">
              <div className="slot-finder-day-title">{format.date(`${day.day}T12:00:00`)}, {dayjs(day.day).format('dddd')}</div>
              {day.slots.map((slot) => {
                const key = `${slot.start} ${slot.staffId} ${slot.branchId}`
                const member = staff.get(slot.staffId)
                return (
                  <div key={key} className="slot-finder-slot" data-testid="slot">
                    <span className="slot-finder-time">{timeKey(toFloating(slot.start, zone))}–{timeKey(toFloating(slot.end, zone))}</span>
                    <span className="slot-finder-who">
                      {member ? doctorName(member) : '—'}
                      <span className="muted">
                        {[search.anyBranch ? branchName.get(slot.branchId) : null, slot.workPlaceId ? placeName.get(slot.workPlaceId) : null].filter(Boolean).join(' · ')}
                      </span>
                    </span>
                    <Button type="primary" size="small" disabled={!customerId && !onPick} loading={booking === key} onClick={() => void book(slot)} data-testid="slot-book">
                      {onPick ? t('slots.pick') : t('booking.book')}
                    </Button>
                  </div>
                )
              })}
            </div>
          ))}
        </div>
      )}
    </Drawer>
  )
}
