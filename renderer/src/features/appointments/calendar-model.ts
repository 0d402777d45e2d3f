import { defaultCalendarSettings, type AppointmentRecord, type CalendarSettings, type WorkPlace } from './appointment-types'
import { addDays, dayRangeQuery, floatingDay, toFloating } from './zoned-time'
import { RANGE_LIMIT } from './appointment-query'

export type CalendarView = 'day' | 'week'
export type ColumnsBy = 'staff' | 'chair'
export type ColourBy = 'staff' | 'status'

/** A column of the calendar: a doctor or a chair. */
export interface CalendarResource {
  id: string
  title: string
  color: string | null
}

/** What react-big-calendar draws: floating dates in clinic time, the record alongside. */
export interface CalendarEvent {
  id: string
  title: string
  /** Last name and initials, for the week's narrow columns. */
  shortTitle: string
  start: Date
  end: Date
  resourceId: string
  appointment: AppointmentRecord
  /** Minutes after the visit its services keep the doctor and chair (drawn as part of it). */
  bufferMinutes: number
  /** The patient's health card holds an allergy or a flagged condition (customers' medicalAlert). */
  medicalAlert: boolean
}

/** The column of chairs for appointments booked without one. */
export const NO_CHAIR = 'none'

/** Cancelled visits and no-shows hold no slot; the calendar leaves them to the lists and board. */
const hiddenOnCalendar = new Set(['cancelled', 'noShow'])

export function calendarEvents(
  appointments: AppointmentRecord[],
  by: ColumnsBy,
  timeZone: string,
  names: Map<string, string>,
  shortNames: Map<string, string> = names,
  alerts: ReadonlySet<string> = new Set()
): CalendarEvent[] {
  return appointments
    .filter((item) => !hiddenOnCalendar.has(item.status))
    .map((item) => {
      // The box runs to the end of the buffer, so the grid shows the slot as held.
      const heldUntil = item.blockedUntil && Date.parse(item.blockedUntil) > Date.parse(item.end) ? item.blockedUntil : item.end
      return {
        id: item._id,
        title: names.get(item.customerId) ?? '…',
        shortTitle: shortNames.get(item.customerId) ?? names.get(item.customerId) ?? '…',
        start: toFloating(item.start, timeZone),
        end: toFloating(heldUntil, timeZone),
        resourceId: by === 'staff' ? item.staffId : (item.workPlaceId ?? NO_CHAIR),
        appointment: item,
        bufferMinutes: Math.round((Date.parse(heldUntil) - Date.parse(item.end)) / 60_000),
        medicalAlert: alerts.has(item.customerId)
      }
    })
}

/** Chairs as columns, plus "no chair" when some visit in range has none. */
export function chairColumns(places: WorkPlace[], appointments: AppointmentRecord[], noChairTitle: string): CalendarResource[] {
  const columns = places.map((place) => ({ id: place._id, title: place.name, color: place.color }))
  if (appointments.some((item) => !item.workPlaceId && !hiddenOnCalendar.has(item.status))) columns.push({ id: NO_CHAIR, title: noChairTitle, color: null })
  return columns
}

/** Clinic days [first, afterLast) a view shows; the week starts where the calendar's locale starts it. */
export function visibleDays(view: CalendarView, day: string, weekStart: (date: Date) => Date): { first: string; afterLast: string } {
  if (view === 'day') return { first: day, afterLast: addDays(day, 1) }
  const start = weekStart(floatingDay(day))
  const first = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`
  return { first, afterLast: addDays(first, 7) }
}

/** The single find of a calendar range (branch filled by the server from the caller's current branch). */
export function rangeQuery(first: string, afterLast: string, timeZone: string, branchId: string | null) {
  return { ...(branchId ? { branchId } : {}), start: dayRangeQuery(first, afterLast, timeZone), $sort: { start: 1 }, $limit: RANGE_LIMIT }
}

/**
 * The appointment fields the calendar draws and moves by: the grid, the event box (status,
 * services, the series mark, the buffer after the visit) and a drag (start, duration, series);
 * and the customer fields it shows (the name on each visit). The `appointment-calendar` service
 * answers exactly these; the booking form opens on the whole record, fetched when it opens.
 */
export { CALENDAR_APPOINTMENT_FIELDS as CALENDAR_FIELDS, CALENDAR_CUSTOMER_FIELDS } from '../../../../server/src/services/appointments/appointment-calendar/appointment-calendar.shared'

/** The calendar's one call for a range (`appointment-calendar`): the range of rangeQuery, the branch, at most RANGE_LIMIT visits. */
export function calendarQuery(first: string, afterLast: string, timeZone: string, branchId: string | null) {
  return { ...(branchId ? { branchId } : {}), start: dayRangeQuery(first, afterLast, timeZone), $limit: RANGE_LIMIT }
}

/** A calendar step: a day in day view, a week in week view. */
export function stepDay(view: CalendarView, day: string, direction: 1 | -1): string {
  return addDays(day, direction * (view === 'day' ? 1 : 7))
}

/**
 * Slot row heights in pixels by zoom: the company sets 1..4; a person's own zoom on a device can
 * also go down to 0, where a 12-hour day of 15-minute rows fits a laptop screen at a glance.
 */
const slotHeights = [12, 20, 28, 40, 56] as const
export const MIN_ZOOM = 0
export const MAX_ZOOM = slotHeights.length - 1
export function slotHeight(zoom: number): number {
  return slotHeights[Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom)))]
}

/** Minutes between two floating dates (a drop or resize keeps whole minutes). */
export function minutesBetween(start: Date, end: Date): number {
  return Math.round((end.getTime() - start.getTime()) / 60_000)
}

/** A readable colour for a doctor without one: stable by position among the columns. */
const palette = ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#13c2c2', '#eb2f96', '#a0d911', '#2f54eb', '#faad14', '#f5222d']
export function fallbackColour(index: number): string {
  return palette[((index % palette.length) + palette.length) % palette.length]
}

/** company.settings.calendar with the contract's defaults for anything not set. */
const zoomSteps = [1, 2, 3, 4] as const

export function calendarSettingsOf(raw: (Partial<Omit<CalendarSettings, 'zoom'>> & { zoom?: number }) | undefined | null): CalendarSettings {
  const zoom = zoomSteps.find((step) => step === raw?.zoom) ?? defaultCalendarSettings.zoom
  const merged = { ...defaultCalendarSettings, ...(raw ?? {}), zoom }
  return merged.dayEnd > merged.dayStart ? merged : { ...merged, dayStart: defaultCalendarSettings.dayStart, dayEnd: defaultCalendarSettings.dayEnd }
}
