/**
 * node --import tsx bench/reports-probe.ts [sqlite|postgres] [small|full]  (ONLY=path,path  SLOW=1|<ms>  REPEAT=<n>)
 *
 * One call of each report's first read, for a month of the main branch and a year of every
 * branch, on a kept bench dataset: its time, statements and answer size, and with SLOW=1 each
 * statement slower than 50 ms (SLOW=<ms>: than that). REPEAT=<n> makes each call n times and
 * reports each (the first brings the rollups up to date; the later ones are what a reader waits). A quick look before the timed `npm run bench -- --only reports`.
 */
import { openDataset, type Engine, type SizeName } from './dataset'
import { startBenchServer } from './context'
import { ADMIN_EMAIL } from './seed-clinic'
import { addLocalDays } from '../domain/appointments/zoned-time'

const engine = (process.argv[2] ?? 'sqlite') as Engine
const size = (process.argv[3] ?? 'small') as SizeName
const only = (process.env.ONLY ?? '').split(',').filter(Boolean)
const everyReport = [
  'reports-summary', 'appointment-reports', 'customer-reports', 'customer-conversion-funnel-reports', 'payment-reports', 'balance-reports', 'service-reports', 'toppers',
  'user-balance-reports', 'expense-reports', 'notification-reports', 'history-reports', 'treatment-plan-reports', 'home'
]
const paths = only.length ? only : everyReport
const slowMs = Number(process.env.SLOW) > 1 ? Number(process.env.SLOW) : 50
const repeat = Math.max(1, Number(process.env.REPEAT ?? 1))

interface QueryEvent {
  __knexQueryUid: string
  sql: string
}

async function main() {
  const { db, dataset, dataDir } = await openDataset(engine, size, false)
  const context = await startBenchServer(engine, db, dataDir, dataset)
  const admin = await context.signIn(ADMIN_EMAIL)
  const today = dataset.today!
  const thisMonth = `${today.slice(0, 7)}-01`
  const month = { from: `${addLocalDays(thisMonth, -1).slice(0, 7)}-01`, to: thisMonth }
  const year = { from: addLocalDays(today, -365), to: today }
  for (const entry of paths) {
    // `home`: the director's home (the summary's view of today and this month, no period).
    const path = entry === 'home' ? 'reports-summary' : entry
    for (const [name, period, branchId] of entry === 'home' ? ([['home', month, undefined]] as const) : ([['month', month, dataset.branchIds[0]], ['year', year, undefined]] as const)) {
      const query: Record<string, unknown> = entry === 'home' ? { view: 'home' } : path === 'balance-reports' ? { asOf: addLocalDays(period.to, -1) } : { ...period }
      if (branchId) query.branchId = branchId
      for (let call = 0; call < repeat; call++) {
      const started = new Map<string, { at: number; sql: string }>()
      const slow: string[] = []
      const sent = (event: QueryEvent) => started.set(event.__knexQueryUid, { at: performance.now(), sql: event.sql })
      const answered = (_response: unknown, event: QueryEvent) => {
        const start = started.get(event.__knexQueryUid)
        const ms = start ? performance.now() - start.at : 0
        if (start && ms > slowMs) slow.push(`   ${ms.toFixed(0)} ms: ${start.sql.slice(0, 300)}`)
      }
      db.on('query', sent)
      db.on('query-response', answered)
      const at = performance.now()
      try {
        const result = await (admin.service(path as 'reports-summary') as unknown as { find: (params: unknown) => Promise<unknown> }).find({ query })
        console.log(path, name, `${(performance.now() - at).toFixed(0)} ms`, `${started.size} statements`, `${JSON.stringify(result).length} bytes`)
        if (process.env.SLOW) console.log(slow.join('\n'))
      } catch (error) {
        console.log(path, name, 'ERROR', (error as Error).message)
      } finally {
        db.off('query', sent)
        db.off('query-response', answered)
      }
      }
    }
  }
  await context.stop()
  await db.destroy()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
