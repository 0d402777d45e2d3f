import type { OfflineDaySnapshot, OfflineKind, OfflineRecord } from '../../../../main/src/offline/offline-types'

/*
 * What the shell keeps of the branch for an outage (docs/decisions/offline-day.md, "The cached
 * day"): today's and tomorrow's appointments, their patients' cards as the server answers them to
 * this user, the branch's doctors and the price list. Read in a handful of calls, never one per
 * appointment.
 */

type Json = Record<string, unknown>
interface Page {
  data: Json[]
  total?: number
}

/** The reads the snapshot needs (the typed client's `find`, or a test's fake). */
export type DayReader = (path: 'appointment' | 'customers' | 'my-team' | 'service', query: Json) => Promise<Page>

/** Appointments per call: the service's largest page. */
const APPOINTMENT_PAGE = 1000
/** Patients per `$in` call: a day of a big branch is a few hundred. */
const CUSTOMER_BATCH = 200

/**
 * The company's today and tomorrow, `YYYY-MM-DD`. Intl directly rather than the domain's
 * zoned-time: the background keeper importing that module would split it off the core's format
 * chunk into one more file of the first screen.
 */
export function snapshotDays(timeZone: string, now: Date): string[] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
  const [year, month, day] = today.split('-').map(Number)
  return [today, new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10)]
}

async function allAppointments(read: DayReader, branchId: string, days: string[]): Promise<Json[]> {
  const found: Json[] = []
  for (;;) {
    const page = await read('appointment', { branchId, date: { $in: days }, $limit: APPOINTMENT_PAGE, $skip: found.length, $sort: { start: 1 } })
    found.push(...page.data)
    if (page.data.length < APPOINTMENT_PAGE || found.length >= (page.total ?? 0)) return found
  }
}

async function customersOf(read: DayReader, appointments: Json[]): Promise<Json[]> {
  const ids = [...new Set(appointments.map((appointment) => appointment.customerId).filter((id): id is string => typeof id === 'string'))]
  const batches: string[][] = []
  for (let start = 0; start < ids.length; start += CUSTOMER_BATCH) batches.push(ids.slice(start, start + CUSTOMER_BATCH))
  const pages = await Promise.all(batches.map((batch) => read('customers', { _id: { $in: batch }, $limit: batch.length })))
  return pages.flatMap((page) => page.data)
}

/** A list this user may not read (no permission for the price list) is left out, not a failure. */
const orNone = (pending: Promise<Page>) => pending.then((page) => page.data).catch(() => [] as Json[])

export interface DaySources {
  appointments: Json[]
  customers: Json[]
  doctors: Json[]
  services: Json[]
}

/** Reads the branch's days from the server. */
export async function readDay(read: DayReader, branchId: string, days: string[]): Promise<DaySources> {
  const [appointments, doctors, services] = await Promise.all([
    allAppointments(read, branchId, days),
    orNone(read('my-team', { branchId, acceptsAppointments: true, $limit: 500, $sort: { last_name: 1, first_name: 1 } })),
    orNone(read('service', { archived: false, $limit: 500, $sort: { rank: 1, name: 1 } }))
  ])
  return { appointments, customers: await customersOf(read, appointments), doctors, services }
}

export interface SnapshotOwner {
  companyId: string
  branchId: string
  userId: string
  timeZone: string
}

const recordsOf = (kind: OfflineKind, list: Json[]): OfflineRecord[] =>
  list.flatMap((data) => (typeof data._id === 'string' ? [{ kind, _id: data._id, data }] : []))

/** The snapshot the store keeps, from what the server answered. */
export function buildSnapshot(owner: SnapshotOwner, days: string[], sources: DaySources, savedAt: Date): OfflineDaySnapshot {
  return {
    ...owner,
    days,
    savedAt: savedAt.toISOString(),
    records: [
      ...recordsOf('appointment', sources.appointments),
      ...recordsOf('customer', sources.customers),
      ...recordsOf('staff', sources.doctors),
      ...recordsOf('service', sources.services)
    ]
  }
}
