/**
 * `sign-in`: do password sign-ins (argon2id verification) hold up other people's calls? A front
 * desk reads customers of its branch one after another; the floor is that stream alone, the
 * subject the same stream while 20 password sign-ins a second run from other sockets. The two
 * take turns in short segments, so the machine's background noise weighs on both alike. The
 * ratio should stay close to 1 when hashing runs off the event loop.
 */
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks'
import type { BenchContext } from '../context'
import { statsOf, type Measurement } from '../measure'
import { BENCH_PASSWORD, deskEmail } from '../seed-clinic'
import { closeSockets, inBatches, openClient, spread, type OpenClient } from './socket-kit'

const SIGN_INS_PER_SECOND = 20
/** Seconds of calls measured on each side, in segments taking turns. */
const SECONDS = 10
const SEGMENTS = 5
/** Sockets signing in (each one sign-in at a time): enough for 20 a second of a few hundred ms each. */
const SIGN_IN_SOCKETS = 20
/** The desk whose calls are measured reads its own branch; the sign-ins use the other desks. */
const CALLER_BRANCH = 1
const WARMUP_CALLS = 200

/** Sends password sign-ins at a steady rate from a pool of sockets while running. */
class SignInLoad {
  readonly latencies: number[] = []
  readonly sessionIds: string[] = []
  failures: string[] = []
  /** Sign-ins that found every socket busy at their time (sent late). */
  late = 0
  private readonly inFlight = new Set<Promise<void>>()
  private sent = 0

  constructor(
    private readonly pool: OpenClient[],
    private readonly emails: string[]
  ) {}

  /** Starts sending; resolves once stopped and the sign-ins in flight have finished. */
  async run(stopAt: number): Promise<{ sent: number; ms: number }> {
    const begin = performance.now()
    const free = [...this.pool]
    const sentBefore = this.sent
    for (let slot = 0; ; slot += 1) {
      const due = begin + (slot * 1000) / SIGN_INS_PER_SECOND
      if (due >= stopAt) break
      const wait = due - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      if (free.length === 0) {
        this.late += 1
        await Promise.race(this.inFlight)
      }
      const socket = free.pop() as OpenClient
      const email = this.emails[this.sent % this.emails.length]
      this.sent += 1
      const signingIn = this.signIn(socket, email).finally(() => {
        this.inFlight.delete(signingIn)
        free.push(socket)
      })
      this.inFlight.add(signingIn)
    }
    // Over the whole window (or longer, when the last sign-ins went out late).
    const ms = Math.max(stopAt, performance.now()) - begin
    await Promise.all(this.inFlight)
    return { sent: this.sent - sentBefore, ms }
  }

  private async signIn({ client }: OpenClient, email: string) {
    const start = performance.now()
    try {
      const result = await client.authenticate({ strategy: 'local', email, password: BENCH_PASSWORD })
      this.latencies.push(performance.now() - start)
      this.sessionIds.push(String((result as { sessionId?: unknown }).sessionId))
    } catch (error) {
      this.failures.push(`${email}: ${(error as Error).message}`)
    }
  }
}

/**
 * Event-loop delay: how late a 5 ms timer fires, as perf_hooks.monitorEventLoopDelay measures it,
 * but into a histogram that can pause between segments (the monitor, enabled again, counts the
 * whole pause as one delay).
 */
export class LoopDelay {
  readonly histogram: RecordableHistogram = createHistogram()
  private timer: NodeJS.Timeout | undefined

  start() {
    let due = performance.now() + 5
    const tick = () => {
      const now = performance.now()
      this.histogram.record(Math.max(1, Math.round((now - due) * 1e6)))
      due = now + 5
      this.timer = setTimeout(tick, 5)
    }
    this.timer = setTimeout(tick, 5)
  }

  stop() {
    clearTimeout(this.timer)
  }

  toString() {
    const ms = (ns: number) => (ns / 1e6).toFixed(1)
    return `median ${ms(this.histogram.percentile(50))} ms, p99 ${ms(this.histogram.percentile(99))} ms, max ${ms(this.histogram.max)} ms`
  }
}

export async function benchSignInLoad(context: BenchContext): Promise<Measurement> {
  const { db, dataset, url } = context
  const branchId = dataset.branchIds[CALLER_BRANCH]
  const ids = ((await db('customers').where({ companyId: dataset.companyId, branchId }).orderBy('_id').limit(1000).select('_id')) as Array<{ _id: string }>).map((row) => row._id)
  if (ids.length === 0) throw new Error(`branch ${CALLER_BRANCH} has no customers`)
  const emails = dataset.branchIds.map((_id, index) => deskEmail(index)).filter((_email, index) => index !== CALLER_BRANCH)

  const caller = await openClient(url)
  const pool: OpenClient[] = []
  const load = new SignInLoad(pool, emails)
  let callerSessionId: string | undefined
  try {
    const callerSignIn = await caller.client.authenticate({ strategy: 'local', email: deskEmail(CALLER_BRANCH), password: BENCH_PASSWORD })
    callerSessionId = String((callerSignIn as { sessionId?: unknown }).sessionId)
    pool.push(...(await inBatches(Array.from({ length: SIGN_IN_SOCKETS }), 10, () => openClient(url))))
    const customers = caller.client.service('customers')
    let next = 0
    const call = async () => {
      const start = performance.now()
      await customers.get(ids[next++ % ids.length])
      return performance.now() - start
    }
    for (let index = 0; index < WARMUP_CALLS; index += 1) await call()
    // Warm the sign-in path too (argon2's first call, the statements), unmeasured.
    await load.run(performance.now() + 500)

    const alone = { latencies: [] as number[], ms: 0, delay: new LoopDelay() }
    const loaded = { latencies: [] as number[], ms: 0, delay: new LoopDelay() }
    const signInsBefore = load.latencies.length
    let signInsSent = 0
    let signInMs = 0
    const callsUntil = async (side: typeof alone, stopAt: number) => {
      const begin = performance.now()
      while (performance.now() < stopAt) side.latencies.push(await call())
      side.ms += performance.now() - begin
    }
    const segmentMs = (SECONDS * 1000) / SEGMENTS
    for (let segment = 0; segment < SEGMENTS; segment += 1) {
      alone.delay.start()
      await callsUntil(alone, performance.now() + segmentMs)
      alone.delay.stop()

      loaded.delay.start()
      const stopAt = performance.now() + segmentMs
      const [signIns] = await Promise.all([load.run(stopAt), callsUntil(loaded, stopAt)])
      loaded.delay.stop()
      signInsSent += signIns.sent
      signInMs += signIns.ms
    }
    if (load.failures.length > 0) throw new Error(`${load.failures.length} sign-in(s) failed, e.g. ${load.failures[0]}`)
    const measuredSignIns = load.latencies.slice(signInsBefore)
    return {
      name: `customers.get while ${SIGN_INS_PER_SECOND} password sign-ins/s run`,
      engine: context.engine,
      subject: statsOf(loaded.latencies, loaded.ms),
      floorName: 'the same calls without sign-ins',
      floor: statsOf(alone.latencies, alone.ms),
      notes: [
        `one desk's customers.get one after another, ${SECONDS} s with and ${SECONDS} s without sign-ins, taking turns in ${SEGMENTS} segments of each`,
        `sign-ins: ${signInsSent} sent in ${(signInMs / 1000).toFixed(1)} s = ${((signInsSent * 1000) / signInMs).toFixed(1)}/s (target ${SIGN_INS_PER_SECOND}/s; ${load.late} sent late, every socket busy), all succeeded, from ${SIGN_IN_SOCKETS} other sockets over ${emails.length} accounts; their own latency ${spread(measuredSignIns)}`,
        `event-loop delay (lateness of a 5 ms timer) without sign-ins ${alone.delay}; with sign-ins ${loaded.delay}`
      ]
    }
  } finally {
    await closeSockets([caller.socket, ...pool.map(({ socket }) => socket)])
    // Leave the dataset as it was: the sessions these sign-ins opened go.
    const sessionIds = [...(callerSessionId ? [callerSessionId] : []), ...load.sessionIds]
    for (let start = 0; start < sessionIds.length; start += 500) await db('sessions').whereIn('_id', sessionIds.slice(start, start + 500)).delete()
  }
}
