/**
 * node --import tsx bench/customers-probe.ts [sqlite|postgres] [small|full]
 *
 * The customers report's two figures that read their rows (docs/decisions/reports.md, "customers
 * report"), each timed alone on a kept bench dataset (best of three, after one warm-up): lapsed
 * patients from the visits (the raw definition) and from each visit's next day
 * (visit-next-days.ts), for the bench's year and for a lapse window over every visit of the
 * dataset; registered patients as the report reads them, with the plans of its statement.
 */
import { openDataset, TIME_ZONE, type Engine, type SizeName } from './dataset'
import { periodFilter } from '../server/src/services/reports/report-scope'
import { patientVisitFigureFromAppointments, type PatientVisitFilter } from '../server/src/services/appointments/appointment/patient-visit-reads'
import { lapsedFromVisitNextDays } from '../server/src/services/appointments/appointment/visit-next-days'
import { registeredFigure } from '../server/src/services/customers/customers/customer-report-reads'
import { shiftMonths } from '../domain/reports/customer-reports'
import { addLocalDays, zonedToUtc } from '../domain/appointments/zoned-time'

const engine = (process.argv[2] ?? 'sqlite') as Engine
const size = (process.argv[3] ?? 'small') as SizeName

async function best<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  let result = await run()
  let ms = Infinity
  for (let round = 0; round < 3; round += 1) {
    const at = performance.now()
    result = await run()
    ms = Math.min(ms, performance.now() - at)
  }
  return { ms, result }
}

const total = (groups: Array<{ value: number }>) => groups.reduce((sum, group) => sum + group.value, 0)

async function main() {
  const { db, dataset } = await openDataset(engine, size, false)
  const today = dataset.today!
  const lapseOf = (from: string, to: string, months: number): PatientVisitFilter => ({
    ...periodFilter({ companyId: dataset.companyId, from, to, branchIds: null }, TIME_ZONE),
    lapsedMonths: months,
    lapsedStarts: [zonedToUtc(shiftMonths(from, -months), '00:00', TIME_ZONE), zonedToUtc(shiftMonths(to, -months), '00:00', TIME_ZONE)]
  })
  // The bench's year (its window is before most of a small dataset's visits), and a window over every visit of the dataset.
  const year = { from: addLocalDays(today, -365), to: today }
  const everyVisit = { from: shiftMonths(dataset.firstDay, 6), to: shiftMonths(addLocalDays(dataset.lastDay, 1), 6) }
  for (const [name, period, months] of [['year, 6 months', year, 6], ['year, 3 months', year, 3], [`every visit (${everyVisit.from} to ${everyVisit.to}), 6 months`, everyVisit, 6]] as const) {
    const filter = lapseOf(period.from, period.to, months)
    const next = await best(() => lapsedFromVisitNextDays(db, filter))
    const raw = await best(() => patientVisitFigureFromAppointments(db, filter, 'lapsed'))
    console.log(`lapsed, ${name}: ${total(raw.result)} patients; from the visits ${raw.ms.toFixed(0)} ms, from the next days ${next.ms.toFixed(0)} ms (${total(next.result)} patients, ${next.result.length} groups)`)
  }
  const registered = periodFilter({ companyId: dataset.companyId, from: year.from, to: year.to, branchIds: null }, TIME_ZONE)
  const timed = await best(() => registeredFigure(db, registered))
  console.log(`registered, year: ${total(timed.result)} customers, ${timed.result.length} groups, ${timed.ms.toFixed(0)} ms`)
  db.on('query', (event: { sql: string; bindings: unknown[] }) => void explain(event.sql, event.bindings))
  const plans: Promise<void>[] = []
  const explain = (sql: string, bindings: unknown[]) => {
    if (sql.startsWith('explain')) return
    plans.push((async () => {
      // The event's SQL is the driver's (PostgreSQL: $1 placeholders): run as it is, with its bindings.
      const plan = engine === 'sqlite'
        ? ((await db.raw(`explain query plan ${sql}`, bindings as never)) as Array<{ detail: string }>).map((row) => row.detail)
        : ((await db.client.pool.acquire().promise.then(async (connection: { query: (sql: string, values: unknown[]) => Promise<{ rows: Array<{ 'QUERY PLAN': string }> }> }) => {
            try {
              return await connection.query(`explain ${sql}`, bindings)
            } finally {
              db.client.pool.release(connection)
            }
          })) as { rows: Array<{ 'QUERY PLAN': string }> }).rows.map((row) => row['QUERY PLAN'])
      console.log(`plan of the registered read:\n  ${plan.join('\n  ')}`)
    })())
  }
  await registeredFigure(db, registered)
  await Promise.all(plans)
  await db.destroy()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
