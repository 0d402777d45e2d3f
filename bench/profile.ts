import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Session } from 'node:inspector/promises'

/**
 * With BENCH_CPU_PROFILE=<folder>, the measured calls of a benchmark (not its warm-up, data
 * generation or server start, which would drown them) are CPU-profiled into
 * `<folder>/<name>-<engine>.cpuprofile`, for Chrome's profiler or `bench/profile-summary.ts`.
 * The server runs in this process, so the profile holds both its side and the client's.
 */
export async function profiled(name: string | undefined, run: () => Promise<void>): Promise<void> {
  const folder = process.env.BENCH_CPU_PROFILE
  if (!folder || !name) return run()
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 100 })
  await session.post('Profiler.start')
  try {
    await run()
  } finally {
    const { profile } = await session.post('Profiler.stop')
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, `${name}.cpuprofile`), JSON.stringify(profile))
    session.disconnect()
  }
}
