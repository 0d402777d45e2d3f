import type { BenchContext } from '../context'
import { againstTheSameSql } from '../direct-sql'
import { resultsTable, type Measurement } from '../measure'
import { ADMIN_EMAIL } from '../seed-clinic'
import { addLocalDays } from '../../domain/appointments/zoned-time'
import { option } from '../bench-kit'
import { refreshVisitStats } from '../../server/src/services/appointments/appointment/visit-stats'
import { refreshVisitNextDays } from '../../server/src/services/appointments/appointment/visit-next-days'
import { refreshMoneyStats } from '../../server/src/services/billing/money-stats'
import { refreshLineStats } from '../../server/src/services/billing/line-stats'
import { refreshPayoutStats } from '../../server/src/services/billing/user-balance-history/payout-stats'
import { refreshDebtSpans } from '../../server/src/services/billing/debt-spans'
import { payoutBaseOf } from '../../server/src/services/billing/user-balance-history/user-balance-history.class'
import { periodFilter } from '../../server/src/services/reports/report-scope'
import { TIME_ZONE } from '../dataset'
import { generatePlans } from '../plans-generate'
import { refreshPlanStats } from '../../server/src/services/clinical/treatment-plan/plan-stats'

/**
 * Issue 19, item 4: every report's figures as its screen first asks for them (no `$rows`), for a
 * month of the main branch and for a year of every branch, as the administrator (every branch,
 * seeAll), through the official socket client. Floor: the same statements straight to the driver
 * (the session's and role's look-ups left out). Targets: p95 <= 300 ms for the month of one branch,
 * <= 2 s for the year of all branches.
 */
interface ReportCall {
  /** The service's path. */
  path: string
  /** What the report's screen is. */
  label: string
  /** Extra query of its first read (the debtors' report is made as of a day, not for a period). */
  query?: (period: { from: string; to: string }) => Record<string, unknown>
  /** The director's home: no period or branch (today and this month of every branch), measured once. */
  home?: boolean
}

const REPORTS: ReportCall[] = [
  { path: 'reports-summary', label: 'summary' },
  { path: 'reports-summary', label: "director's home (today, yesterday, this and last month, every branch)", home: true },
  { path: 'appointment-reports', label: 'appointments, with chair and doctor load' },
  { path: 'customer-reports', label: 'customers' },
  { path: 'customer-conversion-funnel-reports', label: 'conversion funnel' },
  { path: 'payment-reports', label: 'payments' },
  { path: 'balance-reports', label: 'debtors with ageing (as of the period\'s last day)', query: ({ to }) => ({ asOf: addLocalDays(to, -1), from: undefined, to: undefined }) },
  { path: 'service-reports', label: 'services' },
  { path: 'toppers', label: 'toppers' },
  { path: 'user-balance-reports', label: 'payouts' },
  { path: 'expense-reports', label: 'expenses' },
  { path: 'notification-reports', label: 'notifications sent' },
  { path: 'history-reports', label: 'history' },
  { path: 'treatment-plan-reports', label: 'treatment plans presented, accepted, done, unscheduled' }
]

/**
 * The statements of the report itself: not the caller's session and role, read on every call, nor
 * transaction control (a first call that recomputes a stale day opens one; `explain BEGIN` is no statement).
 */
const REPORT_SQL = /^(?!\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b)(?![\s\S]*\bfrom [`"](sessions|roles)[`"])/i
/** The large tables: read whole by a report, a missing index (SQLite's SCAN, PostgreSQL's Seq Scan). */
const scansLarge = (plan: string) => /(\bSCAN|Seq Scan on) "?(appointment|customers|invoices|invoice_lines|transactions|allocations)"?\b(?! USING (COVERING )?INDEX)/.test(plan)

/** The tables the catch-up writes (analysed after it on PostgreSQL). */
const ROLLUP_TABLES = ['visit_day_stats', 'visit_source_day_stats', 'money_day_stats', 'payment_day_stats', 'line_day_stats', 'payout_day_stats', 'debt_spans', 'balance_spans', 'visit_next_days', 'plan_day_stats', 'customer_funnel_reach']

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`

/** The periods measured, relative to the dataset's today: the last whole month, the last 365 days. */
function periods(today: string) {
  const thisMonth = firstOfMonth(today)
  const lastMonth = firstOfMonth(addLocalDays(thisMonth, -1))
  return { month: { from: lastMonth, to: thisMonth }, year: { from: addLocalDays(today, -365), to: today } }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

export async function benchReports(context: BenchContext): Promise<Measurement[]> {
  const { db, dataset } = context
  if (!dataset.money || !dataset.today) throw new Error('the dataset has no money: run once more to generate it (money-generate.ts)')
  const admin = await context.signIn(ADMIN_EMAIL)
  const { month, year } = periods(dataset.today)
  const only = option('reports', '').split(',').filter(Boolean)
  // At the full size a report still reading its rows may take minutes a call: fewer year calls then.
  const yearCalls = Number(option('year-calls', '5'))
  const monthCalls = Number(option('month-calls', '10'))
  // The generated dataset has no treatment plans: `--plans <every>` makes one per every N-th completed visit first (bench/plans-generate.ts).
  const plansEvery = Number(option('plans', '0'))
  if (plansEvery > 0 && (only.length === 0 || only.includes('treatment-plan-reports'))) {
    console.log(`treatment plans: ${await generatePlans(db, dataset.companyId, plansEvery)} made (none when the dataset had some)`)
  }
  // The visits, money and invoice lines rollups of the measured year, brought up to date once (a generated or
  // migrated dataset starts with every day stale), so the calls measure reading them, as a clinic's would.
  console.log('bringing the rollups of the year up to date...')
  const yearFilter = periodFilter({ companyId: dataset.companyId, from: year.from, to: year.to, branchIds: null }, TIME_ZONE)
  const building = performance.now()
  await refreshVisitStats(db, yearFilter)
  const visitsBuilt = performance.now()
  await refreshMoneyStats(db, yearFilter)
  const moneyBuilt = performance.now()
  await refreshLineStats(db, yearFilter)
  const linesBuilt = performance.now()
  // The payouts rollup holds every day (the balance before a period sums them all): computed whole once.
  await refreshPayoutStats(db, { companyId: dataset.companyId, timeZone: TIME_ZONE, payoutBase: await payoutBaseOf(db, dataset.companyId, undefined) })
  const payoutsBuilt = performance.now()
  // The debtors' spans: what was marked since they were built whole (by the migration, or after the bulk load).
  await refreshDebtSpans(db, dataset.companyId)
  const spansBuilt = performance.now()
  // Each visit's next day (the customers report's lapsed patients): every marked patient (all of them after the migration).
  await refreshVisitNextDays(db, dataset.companyId)
  const nextDaysBuilt = performance.now()
  // The plans' rollup of the year (every plan's day starts stale once plans are made).
  await refreshPlanStats(db, { companyId: dataset.companyId, from: year.from, to: year.to })
  // What autovacuum does after writes of that size (this machine's PostgreSQL runs with it off): without statistics the
  // planner guessed a handful of rows in each rollup's year and sorted hundreds of thousands on disk to group them.
  if (context.engine === 'postgres') for (const table of ROLLUP_TABLES) await db.raw(`analyze ${table}`)
  const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1)
  const rollupNote = `the rollups brought up to date before measuring: visits (the year) in ${seconds(building, visitsBuilt)} s, money (the year) in ${seconds(visitsBuilt, moneyBuilt)} s, invoice lines (the year) in ${seconds(moneyBuilt, linesBuilt)} s, payouts (every day) in ${seconds(linesBuilt, payoutsBuilt)} s, debtors' spans (marked invoices and balances) in ${seconds(payoutsBuilt, spansBuilt)} s, each visit's next day (every marked patient) in ${seconds(spansBuilt, nextDaysBuilt)} s, treatment plans (the year) in ${seconds(nextDaysBuilt, performance.now())} s`
  const scopes = [
    { name: `a month of the main branch (${month.from} to ${month.to})`, period: month, branchId: dataset.branchIds[0] as string | undefined, calls: monthCalls, target: 300 },
    { name: `a year of all ${dataset.branchIds.length} branches (${year.from} to ${year.to})`, period: year, branchId: undefined, calls: yearCalls, target: 2000 }
  ]
  // The home's own periods: its target is the month of one branch's, read on a phone.
  const homeScope = { name: 'as a director opens it', period: month, branchId: undefined, calls: 20, target: 300 }
  const measurements: Measurement[] = []
  for (const report of REPORTS.filter((entry) => only.length === 0 || only.includes(entry.path))) {
    for (const scope of report.home ? [homeScope] : scopes) {
      const query = report.home ? { view: 'home' } : { from: scope.period.from, to: scope.period.to, ...(scope.branchId ? { branchId: scope.branchId } : {}), ...report.query?.(scope.period) }
      for (const key of Object.keys(query)) if (query[key as keyof typeof query] === undefined) delete query[key as keyof typeof query]
      console.log(`measuring ${report.path}, ${scope.name}...`)
      const call = () => (admin.service(report.path as 'reports-summary') as unknown as { find: (params: unknown) => Promise<unknown> }).find({ query: { ...query } })
      const items = Array.from({ length: scope.calls }, (_, index) => index)
      let measured: Awaited<ReturnType<typeof againstTheSameSql>>
      try {
        measured = await againstTheSameSql(db, REPORT_SQL, items, call, scansLarge, `reports-${report.path}-${context.engine}`)
      } catch (error) {
        // A call past the client's timeout (120 s) is a figure too: said, and the next report measured.
        console.log(`${report.path}, ${scope.name}: not measured: ${(error as Error).message}`)
        continue
      }
      const { subject, floor, results, planNote } = measured
      const p95 = subject.p95
      const measurement: Measurement = {
        name: `${report.label} (\`${report.path}\`), ${scope.name}`,
        engine: context.engine,
        subject,
        floorName: 'the same SQL on the driver',
        floor,
        notes: [
          `${scope.calls} calls; p95 ${p95.toFixed(0)} ms against the target ${scope.target} ms: ${p95 <= scope.target ? 'met' : 'NOT met'}; answer ${kB(JSON.stringify(results[0]).length)}`,
          planNote,
          rollupNote
        ]
      }
      measurements.push(measurement)
      // Each as it is measured: a run of every report takes many minutes.
      console.log(`${resultsTable([measurement])}\n${measurement.notes!.map((note) => `- ${note}`).join('\n')}`)
    }
  }
  return measurements
}
