/**
 * `node --import tsx bench/sql-probe.ts <benchmark key> [sqlite|postgres] [size]`: runs one
 * benchmark of the small (or given) dataset and prints every statement it sent, grouped by its
 * first 140 characters, with count and total time (from knex's query to its response), the
 * slowest first: which statements a call makes and what they cost.
 */
import { openDataset, type Engine, type SizeName } from './dataset'
import { startBenchServer } from './context'
import { benchmarks } from './benchmarks'

const [key, engineArgument, sizeArgument] = process.argv.slice(2)
const engine = (engineArgument ?? 'sqlite') as Engine
const benchmark = benchmarks.find((item) => item.key === key)
if (!benchmark) throw new Error(`no benchmark ${key}`)
const { db, dataset, dataDir } = await openDataset(engine, (sizeArgument ?? 'small') as SizeName, false)
const context = await startBenchServer(engine, db, dataDir, dataset)
const times = new Map<string, { n: number; ms: number }>()
const started = new Map<string, number>()
type Query = { __knexQueryUid: string; sql: string }
db.on('query', (query: Query) => started.set(query.__knexQueryUid, performance.now()))
db.on('query-response', (_rows: unknown, query: Query) => {
  const ms = performance.now() - (started.get(query.__knexQueryUid) ?? performance.now())
  const text = query.sql.slice(0, 140)
  const sum = times.get(text) ?? { n: 0, ms: 0 }
  sum.n++
  sum.ms += ms
  times.set(text, sum)
})
const measured = [await benchmark.run(context)].flat()
for (const measurement of measured) console.log(measurement.name, 'median', measurement.subject.median.toFixed(2), 'floor', measurement.floor.median.toFixed(2))
for (const [text, sum] of [...times].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40)) console.log(String(sum.n).padStart(6), sum.ms.toFixed(1).padStart(8), text)
await context.stop()
await db.destroy()
