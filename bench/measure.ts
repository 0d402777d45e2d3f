/**
 * How every benchmark of `npm run bench` measures and reports: latencies of repeated calls,
 * their throughput, and the same figures of the floor it is compared with (the least the same
 * work could cost: a bare socket.io echo, the same SQL run directly, a bare insert).
 */
import { percentile } from './bench-kit'
import { profiled } from './profile'

export interface Stats {
  /** Operations measured. */
  n: number
  /** Operations per second over the measured run (with its concurrency). */
  throughput: number
  median: number
  p95: number
  p99: number
  /** Each measured call's latency (ms), by its index. */
  byIndex?: number[]
}

/** One row of the results table: the product's figure beside its floor's. */
export interface Measurement {
  name: string
  engine: 'sqlite' | 'postgres'
  subject: Stats
  floorName: string
  floor: Stats
  /** A check the benchmark made besides timing ("no cross-branch event"), shown under the table. */
  notes?: string[]
}

/** Figures of a list of latencies (ms) taken over `wallMs`. */
export function statsOf(latencies: number[], wallMs: number): Stats {
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    n: sorted.length,
    throughput: wallMs > 0 ? (sorted.length * 1000) / wallMs : 0,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99)
  }
}

export interface TimingOptions {
  /** Calls measured. */
  n: number
  /** Calls before measuring (caches, JIT, prepared statements). */
  warmup?: number
  /** Calls kept in flight at once (1: one after another). */
  concurrency?: number
  /** Names the CPU profile of the measured calls when BENCH_CPU_PROFILE is set (profile.ts). */
  profile?: string
}

/**
 * Runs `operation(i)` `n` times (after `warmup` unmeasured calls), `concurrency` at a time, and
 * returns the latency figures and the throughput of the whole measured run.
 */
export async function timeCalls(operation: (index: number) => Promise<unknown>, { n, warmup = Math.min(20, n), concurrency = 1, profile }: TimingOptions): Promise<Stats> {
  for (let index = 0; index < warmup; index += 1) await operation(-1 - index)
  const latencies: number[] = []
  const byIndex: number[] = []
  let next = 0
  const worker = async () => {
    while (next < n) {
      const index = next
      next += 1
      const start = performance.now()
      await operation(index)
      byIndex[index] = performance.now() - start
      latencies.push(byIndex[index])
    }
  }
  let wallMs = 0
  await profiled(profile, async () => {
    const begin = performance.now()
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker))
    wallMs = performance.now() - begin
  })
  return { ...statsOf(latencies, wallMs), byIndex }
}

/** The product's median over the floor's: how many times the least possible cost it takes. */
export const ratio = (measurement: Measurement) => measurement.subject.median / measurement.floor.median

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2))
const perSecond = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1))

/** A Markdown table of measurements: each row the product, then its floor, then the ratio. */
export function resultsTable(measurements: Measurement[]): string {
  const lines = [
    '| benchmark | engine | ops/s | median ms | p95 ms | p99 ms | floor | floor ops/s | floor median ms | floor p95 ms | floor p99 ms | × floor (median) |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |'
  ]
  for (const m of measurements) {
    lines.push(
      `| ${m.name} | ${m.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${perSecond(m.subject.throughput)} | ${ms(m.subject.median)} | ${ms(m.subject.p95)} | ${ms(m.subject.p99)} | ` +
        `${m.floorName} | ${perSecond(m.floor.throughput)} | ${ms(m.floor.median)} | ${ms(m.floor.p95)} | ${ms(m.floor.p99)} | ${ratio(m).toFixed(2)} |`
    )
  }
  return lines.join('\n')
}
