import 'react-big-calendar/lib/css/react-big-calendar.css'
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css'
import './appointments.css'
import { cloneElement, isValidElement, useCallback, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react'
import dayjs from 'dayjs'
import { Calendar, dayjsLocalizer, type SlotInfo } from 'react-big-calendar'
import withDragAndDrop, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop'
import { Card, Empty, Grid } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { refreshService, useGet, usePatch } from '../../api/live'
import { useCurrentBranch } from '../../api/branch'
import { useCan } from '../../api/permissions'
import { useSignedIn } from '../../api/session-store'
import { queryClient } from '../../api/query-client'
import type { Paginated } from '../../api/types'
import { errorMessage, toastError } from '../../app/toasts'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { customerName, customerShortName } from '../customers/customer-name'
import type { AppointmentRecord } from './appointment-types'
import { startInstant, type BookingPrefill } from './booking-form'
import { BookingDrawer } from './BookingDrawer'
import { SlotFinder } from './SlotFinder'
import { CalendarToolbar } from './CalendarToolbar'
import { CalendarEventBox } from './CalendarEventBox'
import {
  calendarEvents,
  chairColumns,
  fallbackColour,
  NO_CHAIR,
  calendarQuery,
  slotHeight,
  visibleDays,
  type CalendarEvent,
  type CalendarResource,
  type CalendarView
} from './calendar-model'
import { APPOINTMENT_PATH } from './useAppointments'
import { useCalendarRange } from './useCalendarRange'
import type { CalendarCustomer } from '../../../../server/src/services/appointments/appointment-calendar/appointment-calendar.shared'
import { doctorName, useDoctors, useWorkPlaces } from './useResources'
import { useCalendarSettings, useCompanyZone } from './useCalendarSettings'
import { statusColor } from './status-colors'
import { companyToday, floatingDay, floatingToIso, fromFloating, isoWeekday, minutesOf, dayKey, toFloating } from './zoned-time'
import { useCalendarAddress } from './useCalendarAddress'
import { useOffHours } from './useOffHours'
import { useCalendarZoom } from './useCalendarZoom'
import { firstBookableTime } from './bookable-hours'

const localizer = dayjsLocalizer(dayjs)
const DnDCalendar = withDragAndDrop<CalendarEvent, CalendarResource>(Calendar)
/** 24-hour clock everywhere: clinics read schedules that way in every language we ship. */
const formats = {
  timeGutterFormat: 'HH:mm',
  eventTimeRangeFormat: ({ start, end }: { start: Date; end: Date }) => `${dayjs(start).format('HH:mm')}–${dayjs(end).format('HH:mm')}`,
  selectRangeFormat: ({ start, end }: { start: Date; end: Date }) => `${dayjs(start).format('HH:mm')}–${dayjs(end).format('HH:mm')}`,
  dayFormat: 'dd D',
  dayHeaderFormat: 'dddd, D MMMM'
}

const BOOK_PARAMS = ['book', 'start', 'staffId', 'workPlaceId', 'customerId', 'duration', 'waitingListId']

/** The prefill of `?book=1&start=<ISO>&staffId=…` (every parameter but book optional). */
function bookingRequest(params: URLSearchParams): BookingPrefill | null {
  if (params.get('book') !== '1') return null
  const duration = Number(params.get('duration'))
  return {
    start: params.get('start'),
    staffId: params.get('staffId'),
    workPlaceId: params.get('workPlaceId'),
    customerId: params.get('customerId'),
    duration: Number.isFinite(duration) && duration > 0 ? duration : null,
    waitingListId: params.get('waitingListId')
  }
}

/** Where a dialog opened from: a new booking (maybe prefilled) or an existing visit. */
type Dialog = { kind: 'new'; prefill: BookingPrefill } | { kind: 'edit'; appointment: AppointmentRecord }

/**
 * /appointments and /appointments/calendar: the day or week of the current branch with doctors
 * or chairs as columns. One `appointment-calendar` call per shown range (the visits and their
 * customers' names, useCalendarRange), kept live by the appointment and customers events. Drag moves (also to another column), resizing changes the duration; a
 * refusal (the slot is taken) snaps the visit back and says why.
 */
export default function CalendarPage() {
  const { t, i18n } = useTranslation()
  const screens = Grid.useBreakpoint()
  const phone = !screens.md
  const zone = useCompanyZone()
  const settings = useCalendarSettings()
  const branchId = useCurrentBranch()
  const canCreate = useCan('appointment', 'create')
  const canEdit = useCan('appointment', 'edit')
  const patchAppointment = usePatch(APPOINTMENT_PATH)
  const [params, setParams] = useSearchParams()
  const requestedStart = params.get('book') === '1' ? params.get('start') : null
  const address = useCalendarAddress(zone, requestedStart && !Number.isNaN(Date.parse(requestedStart)) ? dayKey(toFloating(requestedStart, zone)) : null)
  const { day, by, colour } = address
  const view: CalendarView = phone ? 'day' : address.view
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [findingSlot, setFindingSlot] = useState(false)
  const zoom = useCalendarZoom(settings.zoom)

  // ?book=1&start=…: another screen asks for a prefilled booking form (the shared contract).
  // The request stays in the address while the form is open, so a reload keeps it.
  const bookRequest = useMemo(() => bookingRequest(params), [params])
  const shown: Dialog | null = bookRequest ? { kind: 'new', prefill: bookRequest } : dialog
  const closeDialog = () => {
    if (!bookRequest) return setDialog(null)
    const next = new URLSearchParams(params)
    for (const key of BOOK_PARAMS) next.delete(key)
    setParams(next, { replace: true })
  }

  const culture = i18n.language === 'uz' ? 'uz-latn' : i18n.language === 'ru1' ? 'ru' : i18n.language
  // The week the calendar draws starts on its locale's first day; the range asked for must match.
  const weekStart = useCallback(
    (date: Date) => {
      const first = localizer.startOfWeek(culture)
      return new Date(date.getFullYear(), date.getMonth(), date.getDate() - ((date.getDay() - first + 7) % 7))
    },
    [culture]
  )
  const days = visibleDays(view, day, weekStart)
  const query = useMemo(() => calendarQuery(days.first, days.afterLast, zone, branchId), [days.first, days.afterLast, zone, branchId])
  const list = useCalendarRange(query)
  const appointments = useMemo(() => list.data?.appointments ?? [], [list.data])
  const customers = useMemo(() => list.data?.customers ?? new Map<string, CalendarCustomer>(), [list.data])
  const names = useMemo(() => new Map([...customers].map(([id, customer]) => [id, customerName(customer)])), [customers])
  const shortNames = useMemo(() => new Map([...customers].map(([id, customer]) => [id, customerShortName(customer)])), [customers])
  // The red mark of a medical alert comes with the names: no query of its own.
  const alerts = useMemo(() => new Set([...customers].filter(([, customer]) => customer.medicalAlert).map(([id]) => id)), [customers])
  const { doctors: allDoctors } = useDoctors()
  const { workPlaces } = useWorkPlaces()
  const me = useSignedIn().user._id
  const seesAll = useCan('appointment', 'seeAll')
  // One doctor's column: the one asked for, or a doctor's own when they see only their own visits.
  const onlyDoctor = address.doctor === 'me' ? me : (address.doctor ?? (!seesAll && allDoctors.some((member) => member._id === me) ? me : null))
  const doctors = useMemo(() => (onlyDoctor ? allDoctors.filter((member) => member._id === onlyDoctor) : allDoctors), [allDoctors, onlyDoctor])

  const resources = useMemo<CalendarResource[]>(() => {
    if (by === 'chair') return chairColumns(workPlaces, appointments, t('calendar.noChair'))
    const columns = doctors.map((member, index) => ({ id: member._id, title: doctorName(member), color: member.color ?? fallbackColour(index) }))
    // A visit of someone no longer taking appointments still needs a column to show in.
    for (const item of appointments) {
      if (onlyDoctor && item.staffId !== onlyDoctor) continue
      if (!columns.some((column) => column.id === item.staffId)) columns.push({ id: item.staffId, title: t('calendar.otherDoctor'), color: '#8c8c8c' })
    }
    return columns
  }, [by, doctors, workPlaces, appointments, t, onlyDoctor])
  const colours = useMemo(() => new Map(resources.map((column) => [column.id, column.color])), [resources])
  const staffColours = useMemo(() => new Map(doctors.map((member, index) => [member._id, member.color ?? fallbackColour(index)])), [doctors])
  const shownAppointments = useMemo(() => (onlyDoctor ? appointments.filter((item) => item.staffId === onlyDoctor) : appointments), [appointments, onlyDoctor])
  const events = useMemo(() => calendarEvents(shownAppointments, by, zone, names, shortNames, alerts), [shownAppointments, by, zone, names, shortNames, alerts])

  const min = useMemo(() => floatingDay(day), [day])
  const bounds = useMemo(() => {
    const base = floatingDay(day)
    const start = minutesOf(settings.dayStart)
    const end = Math.min(24 * 60 - 1, minutesOf(settings.dayEnd))
    return {
      min: new Date(base.getFullYear(), base.getMonth(), base.getDate(), Math.floor(start / 60), start % 60),
      max: new Date(base.getFullYear(), base.getMonth(), base.getDate(), Math.floor(end / 60), end % 60)
    }
  }, [day, settings.dayStart, settings.dayEnd])
  const getNow = useCallback(() => toFloating(new Date(), zone), [zone])
  const scrollToTime = useMemo(() => {
    const now = getNow()
    return day === companyToday(zone) ? new Date(now.getFullYear(), now.getMonth(), now.getDate(), Math.max(0, now.getHours() - 1)) : bounds.min
  }, [day, zone, getNow, bounds.min])

  /** Moves the visit on screen at once; the server's answer (or its refusal) settles it. */
  async function move(args: EventInteractionArgs<CalendarEvent>) {
    const { event } = args
    const start = new Date(args.start)
    const end = new Date(args.end)
    const startIso = floatingToIso(start, zone)
    // The box runs to the end of the buffer; the visit itself is that much shorter.
    const duration = Math.round((fromFloating(end, zone).getTime() - fromFloating(start, zone).getTime()) / 60_000) - event.bufferMinutes
    const column = args.resourceId !== undefined ? String(args.resourceId) : event.resourceId
    const patch: Record<string, unknown> = { start: startIso, duration }
    if (column !== event.resourceId) {
      if (by === 'staff') patch.staffId = column
      else patch.workPlaceId = column === NO_CHAIR ? null : column
    }
    if (Date.parse(startIso) === Date.parse(event.appointment.start) && duration === event.appointment.duration && Object.keys(patch).length === 2) return
    const key = [APPOINTMENT_PATH, 'find', query]
    queryClient.setQueryData<Paginated<AppointmentRecord>>(key, (old) =>
      old
        ? {
            ...old,
            data: old.data.map((item) =>
              item._id === event.id ? { ...item, ...patch, end: new Date(Date.parse(startIso) + duration * 60_000).toISOString() } as AppointmentRecord : item
            )
          }
        : old
    )
    try {
      await patchAppointment(event.id, patch, event.appointment.seriesId ? { query: { $series: 'this' } } : undefined)
    } catch (error) {
      toastError(error)
      // The move was shown before the server answered: show what it kept.
      await refreshService(APPOINTMENT_PATH)
    }
  }

  function selectSlot(slot: SlotInfo) {
    if (!canCreate) return
    const start = slot.start as Date
    const end = slot.end as Date
    const minutes = Math.round((end.getTime() - start.getTime()) / 60_000)
    const column = slot.resourceId !== undefined ? String(slot.resourceId) : null
    setDialog({
      kind: 'new',
      prefill: {
        start: floatingToIso(start, zone),
        // A click gives one slot; a drag over several gives the length the person wants.
        duration: slot.action === 'select' && minutes > settings.step ? minutes : null,
        staffId: by === 'staff' ? column : null,
        workPlaceId: by === 'chair' && column !== NO_CHAIR ? column : null
      }
    })
  }

  /** "+ Book" opens on the day on screen, at its first bookable time (issue 13). */
  function bookStart(): string {
    const now = toFloating(new Date(), zone)
    const time = firstBookableTime(day, doctors.map((member) => member.schedule), {
      dayStart: settings.dayStart,
      dayEnd: settings.dayEnd,
      step: settings.hoursStep,
      today: companyToday(zone),
      nowMinutes: now.getHours() * 60 + now.getMinutes()
    })
    return startInstant(day, time, zone)
  }

  const working = new Set(settings.workingDays)
  const offHoursOf = useOffHours(doctors, by, settings.step)
  const dayOffText = (day: string, reason: NonNullable<ReturnType<typeof offHoursOf>>) =>
    errorMessage({ data: { code: 'outside-working-hours', date: day, ...reason } })
  // One readable column per doctor: the grid scrolls sideways inside its card (never the page).
  const gridStyle = { '--slot-height': `${slotHeight(zoom.zoom)}px` } as CSSProperties

  return (
    <>
      <PageHeader title={t('calendar.title')} />
      <Card className="calendar-card">
        <CalendarToolbar
          address={address}
          view={view}
          phone={phone}
          zone={zone}
          days={days}
          canCreate={canCreate}
          fetching={list.isFetching}
          onBook={() => setDialog({ kind: 'new', prefill: { start: bookStart() } })}
          onFindSlot={() => setFindingSlot(true)}
          doctors={allDoctors}
          doctor={onlyDoctor}
          me={allDoctors.some((member) => member._id === me) ? me : null}
          zoom={zoom}
        />
        {list.error && !list.data ? (
          <FetchError error={list.error} onRetry={() => void list.refetch()} />
        ) : resources.length === 0 && !list.isLoading ? (
          <Empty description={by === 'staff' ? t('calendar.noDoctors') : t('calendar.noChairs')} />
        ) : (
          <div className={`calendar-scroll calendar-${view}`} style={gridStyle} data-testid="calendar">
            <DnDCalendar
              localizer={localizer}
              culture={culture}
              formats={formats}
              events={events}
              resources={resources}
              resourceIdAccessor="id"
              resourceTitleAccessor="title"
              resourceAccessor="resourceId"
              view={view}
              views={['day', 'week']}
              onView={() => undefined}
              date={min}
              onNavigate={(date) => address.go({ day: dayKey(date) })}
              toolbar={false}
              step={settings.step}
              timeslots={1}
              min={bounds.min}
              max={bounds.max}
              getNow={getNow}
              scrollToTime={scrollToTime}
              selectable={canCreate}
              onSelectSlot={selectSlot}
              onSelectEvent={(event) => setDialog({ kind: 'edit', appointment: event.appointment })}
              onDoubleClickEvent={(event) => setDialog({ kind: 'edit', appointment: event.appointment })}
              // A visit is a focusable button (Tab walks them): Enter opens it, as a click does.
              onKeyPressEvent={(event, keyEvent) => 'key' in keyEvent && keyEvent.key === 'Enter' && setDialog({ kind: 'edit', appointment: event.appointment })}
              draggableAccessor={(event) => canEdit && event.appointment.status !== 'completed'}
              resizableAccessor={(event) => canEdit && event.appointment.status !== 'completed'}
              onEventDrop={(args) => void move(args)}
              onEventResize={(args) => void move(args)}
              showMultiDayTimes={false}
              dayLayoutAlgorithm="no-overlap"
              popup
              components={{
                event: CalendarEventBox,
                // The reason a cell is shaded shows on hover (the shading alone says nothing).
                timeSlotWrapper: ({ children, value, resource }: { children?: ReactNode; value?: Date; resource?: unknown }) => {
                  const reason = value && resource !== undefined ? offHoursOf(value, resource) : null
                  return reason && isValidElement<{ title?: string }>(children) ? cloneElement(children, { title: dayOffText(dayKey(value!), reason) }) : <>{children}</>
                }
              }}
              eventPropGetter={(event) => {
                const base = colour === 'status' ? statusColor(event.appointment.status) : (by === 'staff' ? colours.get(event.resourceId) : staffColours.get(event.appointment.staffId)) ?? '#1677ff'
                return {
                  className: `calendar-event status-${event.appointment.status}`,
                  style: { backgroundColor: base, borderColor: base }
                }
              }}
              dayPropGetter={(date) => (working.has(isoWeekday(dayKey(date))) ? {} : { className: 'calendar-day-off' })}
              slotPropGetter={(date, resourceId) => {
                const reason = offHoursOf(date, resourceId)
                return reason ? { className: reason.reason === 'break' ? 'calendar-off-hours calendar-break' : 'calendar-off-hours' } : {}
              }}
              messages={{ noEventsInRange: t('calendar.empty'), showMore: (count: number) => t('calendar.more', { count }) }}
            />
          </div>
        )}
      </Card>
      {shown?.kind === 'new' && <BookingDrawer key="new" appointment={null} prefill={shown.prefill} onClose={closeDialog} />}
      {findingSlot && <SlotFinder initial={{ dateFrom: day > companyToday(zone) ? day : companyToday(zone) }} onClose={() => setFindingSlot(false)} />}
      {shown?.kind === 'edit' && <EditBooking key={shown.appointment._id} id={shown.appointment._id} onClose={closeDialog} />}
    </>
  )
}

/** The calendar holds only the fields it draws (CALENDAR_FIELDS): the form opens on the whole appointment. */
function EditBooking({ id, onClose }: { id: string; onClose: () => void }) {
  const full = useGet(APPOINTMENT_PATH, id)
  useEffect(() => {
    if (!full.error) return
    toastError(full.error)
    onClose()
  }, [full.error, onClose])
  return full.data ? <BookingDrawer appointment={full.data} onClose={onClose} /> : null
}
