import type { Knex } from 'knex'
import { databaseEngine } from '../server/src/db'
import { copyRows } from './pg-copy'
import { newId } from '../server/src/hooks/ids'
import { seededRandom } from '../server/src/demo-people'
import { addLocalDays, weekdayOf, zonedToUtcMs } from '../domain/appointments/zoned-time'

/** One doctor of the bench clinic, with the chair they work at. */
export interface BenchDoctor {
  _id: string
  branchId: string
  workPlaceId: string
}

export interface BenchService {
  _id: string
  name: string
  duration: number
  price: number
}

export interface AppointmentLayout {
  companyId: string
  timeZone: string
  doctors: BenchDoctor[]
  services: BenchService[]
  /** Customers of each branch (an appointment's customer is one of its branch). */
  customersByBranch: Map<string, string[]>
  /** The last day with appointments (company-local, exclusive), some weeks after "today". */
  until: string
  /** The day that counts as today: before it visits are done, after it they are planned. */
  today: string
  /** The doctors' working day in minutes from midnight (default 09:00-19:00). */
  hours?: { start: number; end: number }
}

/** What the measurement needs: the days the appointments cover. */
export interface GeneratedAppointments {
  firstDay: string
  lastDay: string
}

const COLUMNS = [
  '_id', 'companyId', 'createdAt', 'updatedAt', 'createdBy', 'branchId', 'customerId', 'staffId', 'workPlaceId', 'start', 'end', 'blockedUntil',
  'duration', 'date', 'time', 'status', 'services', 'repeat', 'seriesId', 'seriesIndex', 'notifyClient', 'reminder', 'notes', 'color',
  'statusChangedAt', 'statusChangedBy'
] as const

const MINUTE = 60_000
const WORKING_DAY = { start: 9 * 60, end: 19 * 60 }
const pad = (value: number) => String(value).padStart(2, '0')

/** A believable status for a visit on `date`, relative to the bench's today. */
function statusFor(date: string, today: string, random: () => number): string {
  const roll = random()
  if (date < today) return roll < 0.86 ? 'completed' : roll < 0.93 ? 'cancelled' : 'noShow'
  if (date === today) return roll < 0.3 ? 'completed' : roll < 0.5 ? 'arrived' : roll < 0.9 ? 'confirmed' : 'planned'
  return roll < 0.5 ? 'planned' : roll < 0.85 ? 'confirmed' : roll < 0.95 ? 'notConfirmed' : 'cancelled'
}

interface SqliteHandle {
  prepare: (sql: string) => { run: (...values: unknown[]) => unknown }
  transaction: (fn: (rows: unknown[][]) => void) => (rows: unknown[][]) => void
}

/**
 * Writes `count` appointments as a busy clinic makes them, day by day backwards from
 * `layout.until`: every doctor works Monday to Saturday (`layout.hours`) in the company's zone at
 * their own chair, one visit after another (30 to 90 minutes, now and then a free gap), so
 * nothing overlaps; past visits mostly completed, future ones planned or confirmed. Columns as
 * the service stores them (date, time, blockedUntil); no status history rows (the calendar
 * does not read them). SQLite: one prepared statement per transaction of 100,000 rows;
 * PostgreSQL: one COPY FROM STDIN per 50,000 rows (pg-copy.ts).
 */
export async function generateAppointments(
  db: Knex,
  layout: AppointmentLayout,
  count: number,
  onProgress: (done: number) => void
): Promise<GeneratedAppointments> {
  const random = seededRandom(20261122)
  const sqlite = databaseEngine(db) === 'sqlite'
  const batchSize = sqlite ? 100_000 : 50_000
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]
  let insertSqlite: ((rows: unknown[][]) => void) | undefined
  let connection: SqliteHandle | undefined
  if (sqlite) {
    connection = (await db.client.acquireConnection()) as SqliteHandle
    const statement = connection.prepare(`insert into appointment (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`)
    insertSqlite = connection.transaction((rows: unknown[][]) => {
      for (const values of rows) statement.run(...values)
    })
  }
  const flush = async (rows: unknown[][]) => {
    if (insertSqlite) insertSqlite(rows)
    else await copyRows(db, 'appointment', COLUMNS, rows)
  }
  let written = 0
  let day = layout.until
  let rows: unknown[][] = []
  const hours = layout.hours ?? WORKING_DAY
  try {
    while (written < count) {
      day = addLocalDays(day, -1)
      if (weekdayOf(day) === 7) continue
      const midnight = zonedToUtcMs(day, '00:00', layout.timeZone)
      for (const doctor of layout.doctors) {
        const customers = layout.customersByBranch.get(doctor.branchId)!
        for (let minutes = hours.start + (random() < 0.3 ? 30 : 0); written < count; ) {
          const service = pick(layout.services)
          const duration = service.duration
          if (minutes + duration > hours.end) break
          const startMs = midnight + minutes * MINUTE
          const start = new Date(startMs).toISOString()
          const status = statusFor(day, layout.today, random)
          const createdAt = new Date(startMs - Math.floor(1 + random() * 30) * 86_400_000).toISOString()
          const services = JSON.stringify([{ serviceId: service._id, name: service.name, duration, price: service.price, quantity: 1 }])
          const values: Record<(typeof COLUMNS)[number], unknown> = {
            _id: newId(),
            companyId: layout.companyId,
            createdAt,
            updatedAt: createdAt,
            createdBy: null,
            branchId: doctor.branchId,
            customerId: pick(customers),
            staffId: doctor._id,
            workPlaceId: doctor.workPlaceId,
            start,
            end: new Date(startMs + duration * MINUTE).toISOString(),
            blockedUntil: new Date(startMs + duration * MINUTE).toISOString(),
            duration,
            date: day,
            time: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`,
            status,
            services,
            repeat: null,
            seriesId: null,
            seriesIndex: null,
            notifyClient: sqlite ? 1 : true,
            reminder: null,
            notes: random() < 0.1 ? 'Bench note' : null,
            color: null,
            statusChangedAt: createdAt,
            statusChangedBy: null
          }
          rows.push(COLUMNS.map((column) => values[column]))
          written += 1
          if (rows.length === batchSize) {
            await flush(rows)
            rows = []
            onProgress(written)
          }
          minutes += duration + (random() < 0.2 ? 15 * (1 + Math.floor(random() * 4)) : 0)
        }
        if (written >= count) break
      }
    }
    if (rows.length > 0) await flush(rows)
    onProgress(written)
  } finally {
    if (connection) await db.client.releaseConnection(connection)
  }
  return { firstDay: day, lastDay: addLocalDays(layout.until, -1) }
}
