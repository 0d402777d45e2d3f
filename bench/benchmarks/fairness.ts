/**
 * `fairness`: does one socket's burst make another user wait? A front desk (a process of its own,
 * as a person's browser is: fairness-caller.ts) reads customers of its branch one after another;
 * the floor is that stream at rest, the subject the same stream while another desk's socket (a
 * separate process too, bench/benchmarks/fairness-flooder.ts) sends
 * 5,000 customer finds at once without waiting, until every one of them has answered. Rest and
 * burst take turns in rounds, so the machine's background noise weighs on both alike. Target:
 * the p99 during the burst within 3 × the p99 at rest.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import type { BenchContext } from '../context'
import { statsOf, type Measurement } from '../measure'
import { BENCH_PASSWORD, deskEmail } from '../seed-clinic'
import { LoopDelay } from './sign-in-load'

const BURST = 5000
const ROUNDS = 3
/** Calls measured at rest in each round (during the burst: as many as fit until it has answered). */
const CALLS_AT_REST = 1000
const WARMUP_CALLS = 200
/** The measured desk reads its own branch; the flooding desk is of another branch. */
const CALLER_BRANCH = 1
const FLOODER_BRANCH = 2
/** A small page of the flooder's own branch: what a list screen asks for. */
const FLOOD_QUERY = { $limit: 10 }

interface BurstReport {
  answered: number
  refused: number
  failed: number
  firstError: string
  ms: number
}

/**
 * Starts a desk's client in a process of its own (`script`, beside this file: the measured
 * caller or the flooder), signed in as the front desk of `branch`, and waits until it is.
 */
function startDesk(url: string, script: string, branch: number): Promise<ChildProcess> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), [url, deskEmail(branch), BENCH_PASSWORD], { execArgv: ['--import', 'tsx'] })
  return new Promise((resolve, reject) => {
    child.once('message', (message: { ready?: boolean; error?: string }) => (message.ready ? resolve(child) : reject(new Error(`${script}: ${message.error}`))))
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)))
  })
}

/** The measured desk's latencies of one run (`calls`: a number, or until told to stop). */
function callerRun(caller: ChildProcess, calls: number | 'until-stop'): Promise<number[]> {
  return new Promise((resolve, reject) => {
    caller.once('message', (message: { latencies?: number[]; error?: string }) => (message.latencies ? resolve(message.latencies) : reject(new Error(`caller: ${message.error}`))))
    caller.send({ calls })
  })
}

/** The figures of one side (at rest, or during bursts). */
class Side {
  readonly latencies: number[] = []
  ms = 0
  rssMaxMb = 0
  readonly delay = new LoopDelay()

  toString() {
    return `event-loop delay (lateness of a 5 ms timer) ${this.delay}; process memory up to ${this.rssMaxMb.toFixed(0)} MB`
  }
}

export async function benchFairness(context: BenchContext): Promise<Measurement> {
  const { db, dataset, url } = context
  const branchId = dataset.branchIds[CALLER_BRANCH]
  const ids = ((await db('customers').where({ companyId: dataset.companyId, branchId }).orderBy('_id').limit(1000).select('_id')) as Array<{ _id: string }>).map((row) => row._id)
  if (ids.length === 0) throw new Error(`branch ${CALLER_BRANCH} has no customers`)

  let caller: ChildProcess | undefined
  let flooder: ChildProcess | undefined
  const startedAt = new Date().toISOString()
  try {
    caller = await startDesk(url, './fairness-caller.ts', CALLER_BRANCH)
    caller.send({ ids, branchId })
    flooder = await startDesk(url, './fairness-flooder.ts', FLOODER_BRANCH)
    await callerRun(caller, WARMUP_CALLS)

    const rest = new Side()
    const burst = new Side()
    const reports: BurstReport[] = []
    // The server's own figures (event-loop lateness, memory) are taken here, in its process.
    const measure = async (side: Side, run: Promise<number[]>) => {
      const begin = performance.now()
      side.delay.start()
      const memory = setInterval(() => (side.rssMaxMb = Math.max(side.rssMaxMb, process.memoryUsage.rss() / 2 ** 20)), 50)
      side.latencies.push(...(await run))
      clearInterval(memory)
      side.delay.stop()
      side.ms += performance.now() - begin
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      await measure(rest, callerRun(caller, CALLS_AT_REST))
      const desk = caller
      const answered = new Promise<BurstReport>((resolve) => flooder?.once('message', resolve))
      const during = callerRun(desk, 'until-stop')
      flooder.send({ burst: BURST, query: FLOOD_QUERY })
      void answered.then(() => desk.send({ stop: true }))
      await measure(burst, during)
      reports.push(await answered)
    }
    const failed = reports.find((report) => report.failed > 0)
    if (failed) throw new Error(`${failed.failed} of the burst's calls failed otherwise than 429, e.g. ${failed.firstError}`)

    const subject = statsOf(burst.latencies, burst.ms)
    const floor = statsOf(rest.latencies, rest.ms)
    const refused = reports.map((report) => report.refused)
    const burstMs = reports.map((report) => (report.ms / 1000).toFixed(1))
    return {
      name: `customers.get while another socket sends ${BURST.toLocaleString('en')} finds at once`,
      engine: context.engine,
      subject,
      floorName: 'the same calls at rest',
      floor,
      notes: [
        `p99 during the burst / p99 at rest: ${(subject.p99 / floor.p99).toFixed(2)} (target at most 3)`,
        `${ROUNDS} rounds of ${CALLS_AT_REST} calls at rest, then calls until the burst had answered: ${burst.latencies.length} calls during bursts`,
        `each burst: ${BURST} \`customers.find\` (${JSON.stringify(FLOOD_QUERY)}) of another branch's desk from a separate process; answered in ${burstMs.join(', ')} s; refused with 429 (past the per-connection queue): ${refused.join(', ')}`,
        `at rest: ${rest}; during bursts: ${burst}`
      ]
    }
  } finally {
    flooder?.disconnect()
    caller?.disconnect()
    await new Promise((resolve) => setTimeout(resolve, 200))
    // Leave the dataset as it was: the sessions these sign-ins opened go.
    await db('sessions').where('createdAt', '>=', startedAt).whereIn('userId', db('users').whereIn('email', [deskEmail(CALLER_BRANCH), deskEmail(FLOODER_BRANCH)]).select('_id')).delete()
  }
}
