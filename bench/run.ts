/**
 * npm run bench -- [--size small|full|customers] [--engine sqlite|postgres|both] [--only key,key] [--fresh]
 *
 * Every benchmark beside its floor, on SQLite and on PostgreSQL (DATABASE_URL or
 * TEST_DATABASE_URL; without one, SQLite only). The dataset of the size is generated on first
 * use and kept (bench/out/, schema bench_dataset_<size>); --fresh generates it again. Prints
 * the table and writes it with the machine's description to bench/out/results-<size>.md.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { option } from './bench-kit'
import { openDataset, postgresUrl, SIZES, type Engine, type SizeName } from './dataset'
import { startBenchServer } from './context'
import { benchmarks } from './benchmarks'
import { resultsTable, type Measurement } from './measure'

const size = option('size', 'small') as SizeName
const only = option('only', '').split(',').filter(Boolean)
const fresh = process.argv.includes('--fresh')
const engineOption = option('engine', 'both')

async function databaseVersions(): Promise<string> {
  const { default: Database } = await import('better-sqlite3')
  const sqlite = new Database(':memory:').prepare('select sqlite_version() as v').get() as { v: string }
  let postgres = 'not available'
  if (postgresUrl()) {
    const { default: knex } = await import('knex')
    const db = knex({ client: 'pg', connection: postgresUrl() })
    postgres = ((await db.raw('show server_version')).rows[0] as { server_version: string }).server_version
    await db.destroy()
  }
  return `SQLite ${sqlite.v}, PostgreSQL ${postgres}`
}

async function machine(): Promise<string> {
  const cpus = os.cpus()
  return [
    `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB memory, ${os.type()} ${os.release()}`,
    `Node ${process.version}; ${await databaseVersions()}`,
    `load average at the end: ${os.loadavg().map((load) => load.toFixed(1)).join(', ')}`
  ].join('\n')
}

async function main() {
  if (!SIZES[size]) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`)
  const engines: Engine[] = engineOption === 'both' ? (postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite']) : [engineOption as Engine]
  if (engines.includes('postgres') && !postgresUrl()) throw new Error('PostgreSQL needs DATABASE_URL or TEST_DATABASE_URL')
  if (engineOption === 'both' && !postgresUrl()) console.log('No DATABASE_URL or TEST_DATABASE_URL: measuring SQLite only.')
  const chosen = benchmarks.filter((benchmark) => only.length === 0 || only.includes(benchmark.key))
  const measurements: Measurement[] = []
  const started = new Date()
  for (const engine of engines) {
    const { db, dataset, dataDir } = await openDataset(engine, size, fresh)
    const context = await startBenchServer(engine, db, dataDir, dataset)
    try {
      for (const benchmark of chosen) {
        for (const measurement of [await benchmark.run(context)].flat()) {
          measurements.push(measurement)
          console.log(`\n${resultsTable([measurement])}${measurement.notes?.length ? `\n${measurement.notes.map((note) => `- ${note}`).join('\n')}` : ''}`)
        }
      }
    } finally {
      await context.stop()
      await db.destroy()
    }
  }
  const shape = SIZES[size]
  const report = [
    `# Benchmark results: ${size} size`,
    '',
    `Run ${started.toISOString()}. Dataset: ${shape.branches} branches, ${shape.doctors} doctors, ${shape.customers.toLocaleString('en')} customers, ${shape.appointments.toLocaleString('en')} appointments.`,
    '',
    '```',
    await machine(),
    '```',
    '',
    resultsTable(measurements),
    '',
    ...measurements.flatMap((m) => (m.notes ?? []).map((note) => `- ${m.name} (${m.engine}): ${note}`))
  ].join('\n')
  const file = path.resolve(`bench/out/results-${size}.md`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `${report}\n`)
  console.log(`\n${report}\n\nWritten to ${path.relative(process.cwd(), file)}.`)
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  }
)
