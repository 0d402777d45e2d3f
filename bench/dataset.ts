/**
 * The large realistic clinic `npm run bench` measures: one company with many branches, doctors,
 * front desks, a million customers and millions of appointments, written through the same
 * migrations as production and then in bulk. Generated once per engine and size and kept
 * (bench/out/ for SQLite, a schema of DATABASE_URL for PostgreSQL); a later run reuses it.
 */
import fs from 'node:fs'
import path from 'node:path'
import knex, { type Knex } from 'knex'
import { createDatabase, migrateToLatest } from '../server/src/db'
import { createVisitStatsTriggers, dropVisitStatsTriggers } from '../server/migrations/20261205200000_visit_source_day_stats'
import { createMoneyStatsTriggers, dropMoneyStatsTriggers } from '../server/migrations/20261204400000_money_day_stats'
import { createPayoutStatsTriggers, dropPayoutStatsTriggers } from '../server/migrations/20261205100000_payout_day_stats'
import { createPaymentStatsTriggers, dropPaymentStatsTriggers } from '../server/migrations/20261205400000_payment_day_stats'
import { createLineStatsTriggers, dropLineStatsTriggers, markEveryInvoiceDay } from '../server/migrations/20261205300000_line_day_stats'
import { createDebtSpansTriggers, dropDebtSpansTriggers } from '../server/migrations/20261206300000_debt_spans'
import { rebuildDebtSpans } from '../server/src/services/billing/debt-spans'
import { createFunnelReachTriggers, dropFunnelReachTriggers } from '../server/migrations/20261208100000_funnel_reach'
import { createPlanVisitTriggers, dropPlanVisitTriggers } from '../server/migrations/20261208200000_plan_visit_ends'
import { rebuildCompanyFunnelReach } from '../server/src/services/reports/customer-conversion-funnel-reports/funnel-steps'
import { createVisitNextTriggers, dropVisitNextTriggers } from '../server/migrations/20261206100000_visit_next_days'
import { rebuildVisitNextDays } from '../server/src/services/appointments/appointment/visit-next-days'
import type { DemoPerson } from '../server/src/demo-people'
import { addLocalDays, toZoned, weekdayOf } from '../domain/appointments/zoned-time'
import { generateCustomers } from './customers-generate'
import { generateAppointments } from './appointments-generate'
import { generateMoney, type GeneratedMoney } from './money-generate'
import { ADMIN_EMAIL, seedBenchClinic, type BenchClinic } from './seed-clinic'
import { progressBar } from './progress'

export type SizeName = 'small' | 'full' | 'customers'
export type Engine = 'sqlite' | 'postgres'

export interface Size {
  branches: number
  doctors: number
  customers: number
  appointments: number
  /** Days before today whose completed visits have invoices and payments (the reports' year and a month more). */
  moneyDays: number
}

/**
 * full: what the issue asks (300 branches, 600 doctors, 1,000,000 customers, 10,000,000
 * appointments, about four years of them); small: the same clinic shape for a quick run on a
 * fresh machine (50 branches, so the event benchmark still has 50 branches to spread over);
 * customers: the full size's clinic and 1,000,000 customers with only 100,000 appointments (about
 * two weeks), for the search figure at a million where the whole full size takes too long to
 * generate (SQLite needs half an hour or more for its 10,000,000 appointments).
 */
export const SIZES: Record<SizeName, Size> = {
  full: { branches: 300, doctors: 600, customers: 1_000_000, appointments: 10_000_000, moneyDays: 400 },
  small: { branches: 50, doctors: 100, customers: 50_000, appointments: 200_000, moneyDays: 400 },
  customers: { branches: 300, doctors: 600, customers: 1_000_000, appointments: 100_000, moneyDays: 0 }
}

/** The doctors' day: 08:00-21:00, Monday to Saturday, about 13 visits a day. */
export const WORKING_HOURS = { start: 8 * 60, end: 21 * 60 }
export const TIME_ZONE = 'Asia/Tashkent'

export interface BenchDataset extends BenchClinic {
  size: SizeName
  engine: Engine
  /** First and last day with appointments (company-local). */
  firstDay: string
  lastDay: string
  /** People generated as customers, spread over the whole base: what the search looks for. */
  customerSample: DemoPerson[]
  /** The visits' invoices and payments (money-generate.ts); absent in a dataset made before them. */
  money?: GeneratedMoney
  /** The day the dataset counts as today (visits before it are done; money is before it). */
  today?: string
}

const outDir = path.resolve('bench/out')
const manifestPath = (engine: Engine, size: SizeName) => path.join(outDir, `dataset-${engine}-${size}`, 'dataset.json')
const schemaName = (size: SizeName) => `bench_dataset_${size}`

export const postgresUrl = () => process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || ''

/** Opens the database of an engine and size (creating an empty one when asked to). */
function openDatabase(engine: Engine, size: SizeName): Knex {
  const dataDir = path.dirname(manifestPath(engine, size))
  fs.mkdirSync(dataDir, { recursive: true })
  if (engine === 'sqlite') return createDatabase({ databaseUrl: '', dataDir })
  return createDatabase({ databaseUrl: postgresUrl(), dataDir, schema: schemaName(size) })
}

/** Removes what an earlier (perhaps interrupted) generation left. */
async function clear(engine: Engine, size: SizeName) {
  const dataDir = path.dirname(manifestPath(engine, size))
  fs.rmSync(dataDir, { recursive: true, force: true })
  if (engine === 'postgres') {
    const admin = knex({ client: 'pg', connection: postgresUrl() })
    await admin.raw(`drop schema if exists "${schemaName(size)}" cascade`)
    await admin.raw(`create schema "${schemaName(size)}"`)
    await admin.destroy()
  }
}

/**
 * SQLite while the dataset is written, and back: a large page cache (the indexes of 10,000,000
 * appointments no longer fit the old 1 GB, and every insert into the customer index then read a
 * page back) and no write-ahead log or syncs (each page was written twice, to the log and at its
 * checkpoint). Safe here because an interrupted generation is thrown away: the manifest is
 * written last. Afterwards the settings the server uses (db.ts) are back.
 */
async function sqliteBulkLoad(db: Knex, on: boolean) {
  if (on) {
    await db.raw('pragma cache_size = -4000000')
    await db.raw('pragma journal_mode = memory')
    await db.raw('pragma synchronous = off')
  } else {
    await db.raw('pragma journal_mode = wal')
    await db.raw('pragma synchronous = normal')
    await db.raw('pragma cache_size = -2000')
  }
}

const mondayOf = (day: string) => addLocalDays(day, 1 - weekdayOf(day))

/** Writes the whole dataset into an empty database. */
async function generate(db: Knex, engine: Engine, sizeName: SizeName): Promise<BenchDataset> {
  const size = SIZES[sizeName]
  const started = Date.now()
  await migrateToLatest(db)
  if (engine === 'sqlite') await sqliteBulkLoad(db, true)
  // The visits rollup's triggers would mark days stale ten million times: off while loading, then every day marked once.
  await dropVisitStatsTriggers(db)
  // Each visit's next day (the lapsed patients): a mark per patient per write otherwise; the table is computed whole after the load.
  await dropVisitNextTriggers(db)
  // The invoice lines' customers trigger looks up each new patient's invoices: off too (addMoney recreates them).
  await dropLineStatsTriggers(db)
  // The funnel's reach: a mark per visit and payment otherwise; addMoney builds it whole after the money.
  await dropFunnelReachTriggers(db)
  // The plans' rollup's visit trigger: a probe per visit written, with no plan yet to find.
  await dropPlanVisitTriggers(db)
  const clinic = await seedBenchClinic(db, size, WORKING_HOURS)
  console.log(`${engine}, ${sizeName}: clinic of ${size.branches} branches, ${clinic.doctors.length} doctors and ${clinic.branchIds.length} front desks seeded`)

  const customersBar = progressBar('customers', size.customers)
  const { sample } = await generateCustomers(db, clinic.companyId, clinic.branchIds, size.customers, (done) => customersBar.update(done))
  customersBar.stop()

  const customersByBranch = new Map<string, string[]>()
  for (const row of (await db('customers').where({ companyId: clinic.companyId }).select('_id', 'branchId')) as Array<{ _id: string; branchId: string }>) {
    const list = customersByBranch.get(row.branchId)
    if (list) list.push(row._id)
    else customersByBranch.set(row.branchId, [row._id])
  }
  const today = toZoned(Date.now(), TIME_ZONE).date
  // A clinic books ahead: appointments reach eight weeks past this week.
  const until = addLocalDays(mondayOf(today), 8 * 7)
  const appointmentsBar = progressBar('appointments', size.appointments)
  const layout = { companyId: clinic.companyId, timeZone: TIME_ZONE, doctors: clinic.doctors, services: clinic.services, customersByBranch, until, today, hours: WORKING_HOURS }
  const { firstDay, lastDay } = await generateAppointments(db, layout, size.appointments, (done) => appointmentsBar.update(done))
  appointmentsBar.stop()
  const money = await addMoney(db, engine, sizeName, clinic.companyId, today)
  await createVisitStatsTriggers(db)
  await db.raw('insert into visit_stats_dirty ("companyId", "day", "version") select distinct "companyId", "date", 1 from appointment')
  await db.raw('insert into visit_stats_dirty ("companyId", "day", "version") select distinct "companyId", "fromDate", 1 from appointment_moves where true on conflict ("companyId", "day") do nothing')
  await createVisitNextTriggers(db)
  await rebuildVisitNextDays(db, clinic.companyId)
  await createPlanVisitTriggers(db)

  const analyzing = Date.now()
  if (engine === 'sqlite') {
    // Sampled statistics, as the server's own `pragma optimize` gathers them (db.ts): a full
    // analyze of 10,000,000 rows took 228 s for the same plans.
    await db.raw('pragma analysis_limit = 1000')
    await db.raw('analyze')
    await sqliteBulkLoad(db, false)
  } else await db.raw('vacuum analyze')
  console.log(`statistics in ${((Date.now() - analyzing) / 1000).toFixed(0)} s; the whole dataset in ${((Date.now() - started) / 60_000).toFixed(1)} min`)
  return { ...clinic, size: sizeName, engine, firstDay, lastDay, today, money, customerSample: sample }
}

/**
 * Every day of the money rollup (and the payments rollup, recomputed with it) stale: a day is fresh only while it is recorded with the
 * instants it was computed between (money_stats_days), so forgetting those marks them all.
 */
async function forgetMoneyStats(db: Knex) {
  await db('money_stats_days').del()
  await db('money_stats_dirty').del()
}

/**
 * The visits' money (money-generate.ts) of the size's last days before `today`. The money,
 * payouts, invoice lines' and debtors' rollups' triggers would mark days stale millions of times: off while
 * writing, then every day of the money rollup forgotten once (the payouts rollup has never been
 * computed) and every invoice day of the lines' rollup marked once.
 */
async function addMoney(db: Knex, engine: Engine, sizeName: SizeName, companyId: string, today: string): Promise<GeneratedMoney> {
  const days = SIZES[sizeName].moneyDays
  const admin = (await db('users').where({ companyId, email: ADMIN_EMAIL }).first('_id')) as { _id: string }
  const started = Date.now()
  const bar = progressBar('money (days)', days)
  // The payments rollup's trigger runs the money rollup's function (PostgreSQL): dropped first, created after.
  await dropPaymentStatsTriggers(db)
  await dropMoneyStatsTriggers(db)
  await dropPayoutStatsTriggers(db)
  await dropLineStatsTriggers(db)
  await dropDebtSpansTriggers(db)
  await dropFunnelReachTriggers(db)
  const money = await generateMoney(db, { companyId, timeZone: TIME_ZONE, today, days, adminId: admin._id }, (done) => bar.update(done))
  await createMoneyStatsTriggers(db)
  await createPaymentStatsTriggers(db)
  await forgetMoneyStats(db)
  await createPayoutStatsTriggers(db)
  // The payouts rollup is never computed yet (no `payout_stats_state` row): the first read computes it whole.
  await db('payout_stats_dirty').del()
  // The invoice lines' rollup: every day with an invoice marked once.
  await createLineStatsTriggers(db)
  await markEveryInvoiceDay(db)
  // The debtors' spans: built whole, as the migration does at an upgrade (timed: printed below).
  await createDebtSpansTriggers(db)
  const spansFrom = Date.now()
  await rebuildDebtSpans(db, companyId)
  const spansSeconds = ((Date.now() - spansFrom) / 1000).toFixed(1)
  // The funnel's reach of every patient, after the visits and the money (timed: printed below).
  await createFunnelReachTriggers(db)
  const reachFrom = Date.now()
  await rebuildCompanyFunnelReach(db, companyId)
  const reachSeconds = ((Date.now() - reachFrom) / 1000).toFixed(1)
  bar.stop()
  console.log(`${engine}, ${sizeName}: the debtors' spans built whole in ${spansSeconds} s, the funnel's reach in ${reachSeconds} s`)
  console.log(`${engine}, ${sizeName}: ${money.invoices} invoices and ${money.payments} payments from ${money.fromDay} in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  return money
}

/**
 * A dataset kept from before the money was generated gets it now, for the visits before the day
 * it was made (its manifest's `lastDay` is eight weeks and a few days after it), and the money
 * tables' statistics; the manifest then records it.
 */
async function moneyForKeptDataset(db: Knex, engine: Engine, size: SizeName, dataset: Omit<BenchDataset, 'customerSample'>, manifest: string) {
  if (dataset.money || SIZES[size].moneyDays === 0) return dataset
  const [{ count }] = (await db('invoices').where({ companyId: dataset.companyId }).whereNotNull('appointmentId').count({ count: '*' })) as Array<{ count: number | string }>
  if (Number(count) > 0) throw new Error(`${engine}, ${size}: the kept dataset has visit invoices but its manifest does not say so: generate it again (--fresh)`)
  const today = dataset.today ?? toZoned(fs.statSync(manifest).mtimeMs, TIME_ZONE).date
  if (engine === 'sqlite') await sqliteBulkLoad(db, true)
  const money = await addMoney(db, engine, size, dataset.companyId, today)
  if (engine === 'sqlite') {
    await db.raw('pragma analysis_limit = 1000')
    await db.raw('analyze invoices')
    await db.raw('analyze invoice_lines')
    await db.raw('analyze transactions')
    await db.raw('analyze allocations')
    await sqliteBulkLoad(db, false)
  } else await db.raw('vacuum analyze invoices, invoice_lines, transactions, allocations, invoice_counters')
  const updated = { ...dataset, today, money }
  fs.writeFileSync(manifest, JSON.stringify(updated, null, 2))
  return updated
}

/**
 * The dataset of `engine` and `size`, ready to measure: the one a finished earlier run left
 * (its manifest is written last, so an interrupted run is generated again), else a new one.
 */
export async function openDataset(engine: Engine, size: SizeName, fresh: boolean): Promise<{ db: Knex; dataset: BenchDataset; dataDir: string }> {
  const manifest = manifestPath(engine, size)
  const dataDir = path.dirname(manifest)
  if (!fresh && fs.existsSync(manifest)) {
    const db = openDatabase(engine, size)
    await migrateToLatest(db)
    const kept = JSON.parse(fs.readFileSync(manifest, 'utf8')) as Omit<BenchDataset, 'customerSample'>
    // A PostgreSQL schema is shared by every checkout on the machine: another one may have
    // generated it again since this manifest was written.
    if (await db('companies').where({ _id: kept.companyId }).first('_id')) {
      const dataset = await moneyForKeptDataset(db, engine, size, kept, manifest)
      // The sample is not stored: replaying the seeded generator gives the same people.
      const { sample } = await generateCustomers(db, dataset.companyId, dataset.branchIds, SIZES[size].customers, () => undefined, false)
      console.log(`${engine}, ${size}: reusing the dataset generated earlier (${dataset.firstDay} to ${dataset.lastDay})`)
      return { db, dataset: { ...dataset, customerSample: sample }, dataDir }
    }
    console.log(`${engine}, ${size}: the database no longer holds the dataset this checkout generated; generating it again`)
    await db.destroy()
  }
  await clear(engine, size)
  const db = openDatabase(engine, size)
  const dataset = await generate(db, engine, size)
  const { customerSample: _sample, ...stored } = dataset
  fs.writeFileSync(manifest, JSON.stringify(stored, null, 2))
  return { db, dataset, dataDir }
}
