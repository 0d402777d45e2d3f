/**
 * The compact wire form of a calendar range (the `appointment-calendar` service): the
 * appointments the calendar draws and the names of their customers in one answer, as columns
 * instead of objects, with what repeats (doctors, chairs, lists of booked services, repeat
 * rules, customers) sent once and named by position. A week of a 10-doctor branch is about
 * 730 appointments: as objects (the appointment find and the customers find) it travelled as
 * ~390 kB of JSON, which cost more to move than the SQL cost to read (bench/RESULTS.md).
 *
 * Exact: decoding gives back the very fields the find with `$select` gave (instants as ISO
 * strings with milliseconds), so the screen draws the same thing.
 */

/** The appointment fields the calendar draws (the renderer's CALENDAR_FIELDS). */
export interface CalendarAppointment<Service = unknown, Repeat = unknown> {
  _id: string
  customerId: string
  staffId: string
  workPlaceId: string | null
  start: string
  end: string
  blockedUntil: string
  duration: number
  status: string
  services: Service[]
  repeat: Repeat | null
  seriesId: string | null
}

/** The customer fields the calendar shows (the renderer's CALENDAR_CUSTOMER_FIELDS). */
export interface CalendarCustomer {
  _id: string
  first_name: string
  last_name: string | null
  middle_name: string | null
  medicalAlert: boolean
}

export interface CalendarWeek {
  /** Appointments matching the range (as a find's total), and the most one answer carries. */
  total: number
  limit: number
  /** Ids named once; the columns below point into them by position (-1: none). */
  staffIds: string[]
  workPlaceIds: string[]
  customerIds: string[]
  /** Distinct lists of booked services, and distinct repeat rules, each sent once. */
  serviceLists: unknown[][]
  repeats: unknown[]
  /** One entry per appointment, sorted by start. */
  appointments: {
    _id: string[]
    customer: number[]
    staff: number[]
    workPlace: number[]
    /** Milliseconds after the previous appointment's start (the first: after the epoch). */
    start: number[]
    duration: number[]
    /** end - (start + duration minutes), in ms: 0 unless a row says otherwise. */
    endShift: number[]
    /** blockedUntil - end, in ms: the buffer after the visit. */
    hold: number[]
    status: string[]
    services: number[]
    repeat: number[]
    seriesId: Array<string | null>
  }
  /** The customers the caller may see, by position in customerIds (a hidden one is absent). */
  customers: {
    at: number[]
    first_name: string[]
    last_name: Array<string | null>
    middle_name: Array<string | null>
    medicalAlert: boolean[]
  }
}

const MINUTE = 60_000

/** Positions of values in a list built as they come (the list sent, the map to find them). */
function indexer<T>(keyOf: (value: T) => string = String) {
  const values: T[] = []
  const positions = new Map<string, number>()
  return {
    values,
    at(value: T): number {
      const key = keyOf(value)
      let position = positions.get(key)
      if (position === undefined) {
        position = values.length
        values.push(value)
        positions.set(key, position)
      }
      return position
    }
  }
}

/**
 * Memoised over one week: its ~730 visits share a few hundred instants (ten doctors' slots
 * start and end together), and parsing or formatting each again cost milliseconds a week.
 */
function memo<K, V>(compute: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>()
  return (key) => {
    let value = known.get(key)
    if (value === undefined) {
      value = compute(key)
      known.set(key, value)
    }
    return value
  }
}

/** A week's answer from the appointments (sorted by start) and the customers the caller may see. */
export function encodeCalendarWeek(appointments: readonly CalendarAppointment[], customers: readonly CalendarCustomer[], page: { total: number; limit: number }): CalendarWeek {
  const parse = memo(Date.parse)
  const staff = indexer<string>()
  const places = indexer<string>()
  const customerIds = indexer<string>()
  const serviceLists = indexer<unknown[]>(JSON.stringify)
  const repeats = indexer<unknown>(JSON.stringify)
  const columns: CalendarWeek['appointments'] = { _id: [], customer: [], staff: [], workPlace: [], start: [], duration: [], endShift: [], hold: [], status: [], services: [], repeat: [], seriesId: [] }
  let previous = 0
  for (const row of appointments) {
    const start = parse(row.start)
    const end = parse(row.end)
    columns._id.push(row._id)
    columns.customer.push(customerIds.at(row.customerId))
    columns.staff.push(staff.at(row.staffId))
    columns.workPlace.push(row.workPlaceId === null ? -1 : places.at(row.workPlaceId))
    columns.start.push(start - previous)
    previous = start
    columns.duration.push(row.duration)
    columns.endShift.push(end - start - row.duration * MINUTE)
    columns.hold.push(parse(row.blockedUntil) - end)
    columns.status.push(row.status)
    columns.services.push(serviceLists.at(row.services))
    columns.repeat.push(row.repeat === null ? -1 : repeats.at(row.repeat))
    columns.seriesId.push(row.seriesId)
  }
  const named: CalendarWeek['customers'] = { at: [], first_name: [], last_name: [], middle_name: [], medicalAlert: [] }
  const positions = new Map(customerIds.values.map((id, position) => [id, position]))
  for (const customer of customers) {
    const position = positions.get(customer._id)
    if (position === undefined) continue
    named.at.push(position)
    named.first_name.push(customer.first_name)
    named.last_name.push(customer.last_name)
    named.middle_name.push(customer.middle_name)
    named.medicalAlert.push(customer.medicalAlert)
  }
  return {
    total: page.total,
    limit: page.limit,
    staffIds: staff.values,
    workPlaceIds: places.values,
    customerIds: customerIds.values,
    serviceLists: serviceLists.values,
    repeats: repeats.values,
    appointments: columns,
    customers: named
  }
}

/** Back to the appointments (as the find with `$select` gives them) and the customers seen. */
export function decodeCalendarWeek<Service = unknown, Repeat = unknown>(week: CalendarWeek): { appointments: Array<CalendarAppointment<Service, Repeat>>; customers: CalendarCustomer[] } {
  const columns = week.appointments
  const iso = memo((ms: number) => new Date(ms).toISOString())
  const appointments: Array<CalendarAppointment<Service, Repeat>> = []
  let start = 0
  for (let index = 0; index < columns._id.length; index++) {
    start += columns.start[index]
    const end = start + columns.duration[index] * MINUTE + columns.endShift[index]
    const workPlace = columns.workPlace[index]
    const repeat = columns.repeat[index]
    appointments.push({
      _id: columns._id[index],
      customerId: week.customerIds[columns.customer[index]],
      staffId: week.staffIds[columns.staff[index]],
      workPlaceId: workPlace === -1 ? null : week.workPlaceIds[workPlace],
      start: iso(start),
      end: iso(end),
      blockedUntil: iso(end + columns.hold[index]),
      duration: columns.duration[index],
      status: columns.status[index],
      services: week.serviceLists[columns.services[index]] as Service[],
      repeat: repeat === -1 ? null : (week.repeats[repeat] as Repeat),
      seriesId: columns.seriesId[index]
    })
  }
  const named = week.customers
  const customers = named.at.map((position, index) => ({
    _id: week.customerIds[position],
    first_name: named.first_name[index],
    last_name: named.last_name[index],
    middle_name: named.middle_name[index],
    medicalAlert: named.medicalAlert[index]
  }))
  return { appointments, customers }
}
