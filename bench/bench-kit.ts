/**
 * What every bench script shares: its command-line options, a fresh (or kept) database on
 * either engine, the server configuration it starts with, and how it prints timings.
 */
import fs from 'node:fs'
import path from 'node:path'
import knex, { type Knex } from 'knex'
import { createDatabase } from '../server/src/db'
import type { Configuration } from '../server/src/configuration'

const args = process.argv.slice(2)

/** `--name value` from the command line, else `fallback`. */
export function option(name: string, fallback: string): string {
  const at = args.indexOf(`--${name}`)
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback
}

export const engine = option('engine', 'sqlite') as 'sqlite' | 'postgres'
export const count = Number(option('count', '100000'))
export const keep = args.includes('--keep')
export const reuse = args.includes('--reuse')

const outDir = path.resolve('bench/out')

/**
 * A SQLite file under bench/out/, or a PostgreSQL schema of DATABASE_URL (or TEST_DATABASE_URL).
 * Kept data has a fixed name, so that --reuse finds it; a plain run never collides with it and
 * `drop` removes what it made.
 */
export async function openBenchDatabase(prefix: string): Promise<{ db: Knex; dataDir: string; drop: () => Promise<void> }> {
  const name = keep || reuse ? `${prefix}${engine}-${count}` : `${prefix}${engine}-${count}-${process.pid}`
  const dataDir = path.join(outDir, name)
  if (!reuse) fs.rmSync(dataDir, { recursive: true, force: true })
  fs.mkdirSync(dataDir, { recursive: true })
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true })
  if (engine === 'sqlite') return { db: createDatabase({ databaseUrl: '', dataDir }), dataDir, drop: keep || reuse ? async () => undefined : removeDir }
  const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL
  if (!url) throw new Error('PostgreSQL needs DATABASE_URL or TEST_DATABASE_URL')
  const schema = `bench_${name.replace(/-/g, '_')}`
  if (!reuse) {
    const admin = knex({ client: 'pg', connection: url })
    await admin.raw(`create schema "${schema}"`)
    await admin.destroy()
  }
  const db = createDatabase({ databaseUrl: url, dataDir, schema })
  const dropSchema = async () => {
    await db.raw(`drop schema "${schema}" cascade`)
    await removeDir()
  }
  return { db, dataDir, drop: keep || reuse ? async () => undefined : dropSchema }
}

/** The server's configuration for a bench: quiet, no demo, sign-in limits out of the way. */
export function benchConfiguration(dataDir: string): Configuration {
  return {
    host: '127.0.0.1', port: 0, dataDir, databaseUrl: '', redisUrl: '', authSecret: 'bench-secret-that-is-long-enough-for-hs256', tokenLifetime: '1h',
    demoSeed: false, publicUrl: 'http://localhost', webRoot: path.join(dataDir, 'web'), smtp: { url: '', from: 'bench@bench.clinic' },
    signInLimits: { perAccount: 100, perAddress: 100, windowSeconds: 60 }, maxMessageBytes: 1_000_000, expiryWarningDays: 7, resetLinkMinutes: 60, logLevel: 'warn'
  }
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/** "median … ms, p95 … ms (n=…)" of a list of timings. */
export function figures(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b)
  return `median ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms (n=${sorted.length})`
}
