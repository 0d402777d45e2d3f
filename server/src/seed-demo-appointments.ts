import type { Application } from './declarations'
import { newId } from './hooks/ids'
import { companyTimeZone } from './services/company/company/company-reads'
import { STATUS_HISTORY_TABLE } from './services/appointments/appointment/appointment-booking'
import type { RecordService } from './services/record.class'
import { CATALOGUE, demoScheduleFor } from './seed-demo-catalogue'
import type { DemoLocale } from './seed-demo-texts'
import { planDemoWeek, type DemoDoctor, type DemoSpecialty, type DemoWeek, type DemoWeekService } from './seed-demo-week'
import { pushTo } from '../../domain/multimap'

type Branch = 'main' | 'second'
/** A branch and the number of a chair there (seed-demo-catalogue's DEMO_CHAIRS). */
type Place = [Branch, number]
/** A work place of a branch as the plan names it: a chair by its number, or the X-ray room. */
export type DemoPlaceRef = number | 'room'

/**
 * Where each demo doctor works on each weekday of their hours (seed-demo-catalogue's
 * DEMO_SCHEDULES): the branch and the chair. The surgeon spends Tuesdays and Thursdays in
 * Yunusobod, the therapist Saturdays, so both branches' calendars have a week to show.
 */
export const DEMO_PLACES: Record<string, { specialty: DemoSpecialty; places: Record<number, Place> }> = {
  'karimov@demo.clinic': {
    specialty: 'Therapist',
    places: { 1: ['main', 1], 2: ['main', 1], 3: ['main', 1], 4: ['main', 1], 5: ['main', 1], 6: ['second', 2] }
  },
  'smirnova@demo.clinic': {
    specialty: 'Orthodontist',
    places: { 1: ['main', 2], 2: ['main', 2], 3: ['main', 2], 4: ['main', 2], 5: ['main', 2], 6: ['main', 2] }
  },
  'virtanen@demo.clinic': {
    specialty: 'Surgeon',
    places: { 1: ['main', 3], 2: ['second', 1], 3: ['main', 3], 4: ['second', 1], 5: ['main', 3] }
  }
}

/** The branches a demo doctor is a member of: those they work in. */
export function demoDoctorBranches(email: string, branches: Record<Branch, string>): string[] {
  const places = DEMO_PLACES[email]?.places
  return places ? [...new Set(Object.values(places).map(([branch]) => branches[branch]))] : [branches.main]
}

/** Who offers a catalogue service, by its code prefix; X-rays and CT take the X-ray room. */
const SPECIALTY_BY_PREFIX: Array<[string, DemoSpecialty]> = [['OR-', 'Orthodontist'], ['S-', 'Surgeon'], ['O-', 'Surgeon'], ['D-04', 'Surgeon'], ['D-03', 'Orthodontist'], ['', 'Therapist']]
const ROOM_CODES = new Set(['D-02', 'D-03', 'D-04'])

/** The demo catalogue as the week plan books it, named in `locale` (ids given by `idOf(code)`). */
export function demoWeekServices(idOf: (code: string) => string, locale: DemoLocale): DemoWeekService[] {
  return CATALOGUE.flatMap(({ services }) => services).map(({ code, names, duration, bufferTime, som }) => ({
    _id: idOf(code), code, name: names[locale], duration, bufferTime, price: som * 100, room: ROOM_CODES.has(code),
    specialty: SPECIALTY_BY_PREFIX.find(([prefix]) => code.startsWith(prefix))![1]
  }))
}

/** The demo doctors as the week plan needs them, from their e-mails' ids and the work places' ids by branch and chair number (or the room). */
export function demoWeekDoctors(doctorIds: Map<string, string>, branches: Record<Branch, string>, placeId: (branchId: string, place: DemoPlaceRef) => string | undefined): DemoDoctor[] {
  return [...doctorIds].filter(([email]) => DEMO_PLACES[email]).map(([email, _id]) => ({
    _id,
    specialty: DEMO_PLACES[email].specialty,
    schedule: demoScheduleFor(email),
    placements: Object.fromEntries(
      Object.entries(DEMO_PLACES[email].places).map(([weekday, [branch, chair]]) => [
        weekday,
        { branchId: branches[branch], workPlaceId: placeId(branches[branch], chair)!, roomId: placeId(branches[branch], 'room') }
      ])
    )
  }))
}

export interface DemoAppointmentsInput {
  companyId: string
  /** The demo administrator: who booked and changed everything. */
  userId: string
  now: number
  branches: Record<Branch, string>
  /** The doctors' ids by e-mail. */
  doctorIds: Map<string, string>
  customers: Array<{ _id: string; branchId: string; blacklisted: boolean; archived: boolean }>
  /** The language of the services' names and the notes. */
  locale: DemoLocale
}

/**
 * The demo clinic's appointments around `now` (planDemoWeek: the same rules as the appointment
 * service, checked in memory) with their status history and the waiting list, written in one
 * transaction through the services' row codecs, so the rows are what the services would store.
 * Not through the service itself: a few hundred bookings, one transaction each, would slow the
 * demo's first start; the seed-demo-appointments test checks the result against the rules.
 */
export async function seedDemoAppointments(app: Application, input: DemoAppointmentsInput): Promise<DemoWeek> {
  const db = app.get('db')
  const customersByBranch = new Map<string, string[]>()
  for (const customer of input.customers) {
    if (customer.blacklisted || customer.archived) continue
    pushTo(customersByBranch, customer.branchId, customer._id)
  }
  const serviceIds = new Map<string, string>((await db('services').where({ companyId: input.companyId }).select('_id', 'code')).map((row: { _id: string; code: string }) => [row.code, row._id]))
  const places = (await db('work_places').where({ companyId: input.companyId }).select('_id', 'branchId', 'kind', 'rank')) as Array<{ _id: string; branchId: string; kind: string; rank: number }>
  // Chair N was seeded with rank N - 1 (seedDemoCatalogue); names are in the company's language.
  const placeId = (branchId: string, place: DemoPlaceRef) =>
    places.find((row) => row.branchId === branchId && (place === 'room' ? row.kind === 'room' : row.kind === 'chair' && Number(row.rank) === place - 1))?._id
  const week = planDemoWeek({
    companyId: input.companyId,
    userId: input.userId,
    now: input.now,
    timeZone: await companyTimeZone(db, input.companyId),
    doctors: demoWeekDoctors(input.doctorIds, input.branches, placeId),
    services: demoWeekServices((code) => serviceIds.get(code)!, input.locale),
    locale: input.locale,
    customersByBranch,
    newId
  })
  const codec = (path: 'appointment' | 'waiting-list') => (app.service(path) as unknown as RecordService).codec
  // One transaction: one commit for all of it (SQLite syncs the file once, not per batch).
  await db.transaction(async (trx) => {
    const write = async (table: string, rows: object[]) => {
      for (let start = 0; start < rows.length; start += 100) await trx(table).insert(rows.slice(start, start + 100))
    }
    await write('appointment', week.appointments.map((row) => codec('appointment').toDb(row)))
    await write(STATUS_HISTORY_TABLE, week.history)
    await write('waiting_list', week.waitingList.map((row) => codec('waiting-list').toDb(row)))
  })
  return week
}
