/**
 * `events`: 500 signed-in sockets, 10 front-desk sockets in each of 50 branches, while the
 * admin changes customers of one branch after another (round robin). Measured per change: from
 * the admin's patch call until the last of that branch's 10 sockets has the `patched` event.
 * Every socket counts what it receives; one event of another branch fails the benchmark.
 * Floor: a bare socket.io server with 500 sockets in 50 rooms `branch/<id>`, emitting a payload of
 * the same size to one room: from the emit call until the last of the room's sockets has it.
 */
import { performance } from 'node:perf_hooks'
import type { Socket } from 'socket.io-client'
import type { BenchContext } from '../context'
import type { Measurement } from '../measure'
import { ADMIN_EMAIL, BENCH_PASSWORD, deskEmail } from '../seed-clinic'
import { closeSockets, inBatches, openClient, openSocket, spread, startBareServer, timeAlternating, type OpenClient } from './socket-kit'

const BRANCHES = 50
const SOCKETS_PER_BRANCH = 10
/** Events measured on each side: 20 per branch. */
const EVENTS = 1000
const WARMUP = BRANCHES
/** Customers of each branch the admin takes turns changing. */
const CUSTOMERS_PER_BRANCH = 20
/** How long after the last write a straggling (or stray) event may still arrive before counting. */
const SETTLE_MS = 500

interface Receiver {
  branchId: string
  received: number
  /** Events of another branch (must stay empty). */
  foreign: string[]
}

interface Awaited {
  branchId: string
  remaining: number
  firstAt?: number
  resolve: (at: { firstAt: number; lastAt: number }) => void
}

/** Routes the events every socket gets to the change waiting for them, and counts them per socket. */
class Deliveries {
  readonly receivers: Receiver[] = []
  private readonly waiting = new Map<string, Awaited>()

  receiver(branchId: string): Receiver {
    const receiver = { branchId, received: 0, foreign: [] }
    this.receivers.push(receiver)
    return receiver
  }

  /** Resolves with the times the first and the last of `branchId`'s sockets received the event marked `marker`. */
  expect(marker: string, branchId: string): Promise<{ firstAt: number; lastAt: number }> {
    return new Promise((resolve) => this.waiting.set(marker, { branchId, remaining: SOCKETS_PER_BRANCH, resolve }))
  }

  arrived(receiver: Receiver, event: { branchId?: unknown; profession?: unknown }) {
    const at = performance.now()
    if (event.branchId !== receiver.branchId) {
      receiver.foreign.push(String(event.profession))
      return
    }
    receiver.received += 1
    const awaited = this.waiting.get(String(event.profession))
    if (!awaited || awaited.branchId !== receiver.branchId) return
    awaited.firstAt ??= at
    awaited.remaining -= 1
    if (awaited.remaining === 0) {
      this.waiting.delete(String(event.profession))
      awaited.resolve({ firstAt: awaited.firstAt, lastAt: at })
    }
  }

  /** Throws unless every socket got exactly its own branch's events, as many as were sent there. */
  check(sentTo: Map<string, number>, side: string): number {
    let total = 0
    for (const receiver of this.receivers) {
      if (receiver.foreign.length > 0) throw new Error(`${side}: a socket of branch ${receiver.branchId} received ${receiver.foreign.length} event(s) of another branch (${receiver.foreign.slice(0, 3).join(', ')})`)
      const expected = sentTo.get(receiver.branchId) ?? 0
      if (receiver.received !== expected) throw new Error(`${side}: a socket of branch ${receiver.branchId} received ${receiver.received} events, ${expected} were sent to its branch`)
      total += receiver.received
    }
    return total
  }
}

const count = (sentTo: Map<string, number>, branchId: string) => sentTo.set(branchId, (sentTo.get(branchId) ?? 0) + 1)

export async function benchEventFanout(context: BenchContext): Promise<Measurement> {
  const { app, db, dataset, url } = context
  const branchIds = dataset.branchIds.slice(0, BRANCHES)
  if (branchIds.length < BRANCHES) throw new Error(`the events benchmark needs ${BRANCHES} branches, the dataset has ${branchIds.length}`)
  const started = new Date().toISOString()

  // The customers the admin changes, with what they held before (put back at the end).
  const customersOf: string[][] = []
  const originals: Array<{ _id: string; profession: string; updatedAt: unknown }> = []
  for (const branchId of branchIds) {
    const rows = (await db('customers').where({ companyId: dataset.companyId, branchId }).orderBy('_id').limit(CUSTOMERS_PER_BRANCH).select('_id', 'profession', 'updatedAt')) as typeof originals
    if (rows.length === 0) throw new Error(`branch ${branchId} has no customers`)
    customersOf.push(rows.map((row) => row._id))
    originals.push(...rows)
  }

  const clients: OpenClient[] = []
  const rawSockets: Socket[] = []
  const sessionIds: string[] = []
  const bare = await startBareServer((socket) => {
    void socket.join(String(socket.handshake.auth.room))
  })
  // The server's own moment of each event (the service emits it, then its publisher sends it out).
  const emittedAt = new Map<string, number>()
  const onServerEvent = (customer: { profession?: unknown }) => emittedAt.set(String(customer.profession), performance.now())
  app.service('customers').on('patched', onServerEvent)
  try {
    // 10 sockets per branch: one password sign-in per front desk, its token for the other nine.
    const connecting = performance.now()
    const product = new Deliveries()
    await inBatches(branchIds, 10, async (branchId, index) => {
      const first = await openClient(url)
      clients.push(first)
      const signedIn = await first.client.authenticate({ strategy: 'local', email: deskEmail(index), password: BENCH_PASSWORD })
      sessionIds.push(String((signedIn as { sessionId?: unknown }).sessionId))
      const others = await Promise.all(
        Array.from({ length: SOCKETS_PER_BRANCH - 1 }, async () => {
          const other = await openClient(url)
          clients.push(other)
          await other.client.authenticate({ strategy: 'jwt', accessToken: signedIn.accessToken })
          return other
        })
      )
      for (const { client } of [first, ...others]) {
        const receiver = product.receiver(branchId)
        client.service('customers').on('patched', (customer: { branchId?: unknown; profession?: unknown }) => product.arrived(receiver, customer))
      }
    })
    const admin = await openClient(url)
    clients.push(admin)
    const adminSignIn = await admin.client.authenticate({ strategy: 'local', email: ADMIN_EMAIL, password: BENCH_PASSWORD })
    sessionIds.push(String((adminSignIn as { sessionId?: unknown }).sessionId))
    const connectedMs = performance.now() - connecting

    // The floor's 500 sockets, 10 in each branch's room.
    const floorDeliveries = new Deliveries()
    await inBatches(branchIds, 10, async (branchId) => {
      for (let copy = 0; copy < SOCKETS_PER_BRANCH; copy += 1) {
        const socket = await openSocket(bare.url, { room: `branch/${branchId}` })
        rawSockets.push(socket)
        const receiver = floorDeliveries.receiver(branchId)
        socket.on('customers patched', (customer: { branchId?: unknown; profession?: unknown }) => floorDeliveries.arrived(receiver, customer))
      }
    })

    const customers = admin.client.service('customers')
    const productSent = new Map<string, number>()
    const floorSent = new Map<string, number>()
    const callMs: number[] = []
    const wholeMs: number[] = []
    const firstMs = { product: [] as number[], floor: [] as number[] }
    let payload: Record<string, unknown> | undefined
    const branchAt = (index: number) => (index + WARMUP) % BRANCHES

    const subject = async (index: number) => {
      const branch = branchAt(index)
      const branchId = branchIds[branch]
      const marker = `bench-event-${index}`
      const ids = customersOf[branch]
      const delivered = product.expect(marker, branchId)
      count(productSent, branchId)
      const start = performance.now()
      const result = await customers.patch(ids[(index + WARMUP) % ids.length], { profession: marker })
      const returned = performance.now()
      const { firstAt, lastAt } = await delivered
      payload ??= JSON.parse(JSON.stringify(result)) as Record<string, unknown>
      const emitted = emittedAt.get(marker) ?? Number.NaN
      emittedAt.delete(marker)
      if (index >= 0) {
        callMs.push(returned - start)
        firstMs.product.push(firstAt - emitted)
        wholeMs.push(lastAt - start)
      }
      // The event's way, as the floor's: from the service's 'patched' on the server to the 10th socket.
      return lastAt - emitted
    }
    const floor = async (index: number) => {
      const branchId = branchIds[branchAt(index)]
      const marker = `bench-event-${index}`
      const delivered = floorDeliveries.expect(marker, branchId)
      count(floorSent, branchId)
      // The same record as the product's event, marked like it: the same size to a byte or two.
      const event = { ...payload, branchId, profession: marker }
      const start = performance.now()
      bare.io.to(`branch/${branchId}`).emit('customers patched', event)
      const { firstAt, lastAt } = await delivered
      if (index >= 0) firstMs.floor.push(firstAt - start)
      return lastAt - start
    }
    const figures = await timeAlternating(subject, floor, { n: EVENTS, warmup: WARMUP, rounds: 10 })

    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    const productChecked = product.check(productSent, 'product')
    const floorChecked = floorDeliveries.check(floorSent, 'floor')
    const payloadBytes = Buffer.byteLength(JSON.stringify({ ...payload, profession: 'bench-event-1000' }))
    return {
      name: 'a customer change\'s event reaching its branch\'s 10 of 500 sockets (50 branches)',
      engine: context.engine,
      subject: figures.subject,
      floorName: 'bare socket.io room broadcast to the same 500 sockets',
      floor: figures.floor,
      notes: [
        `${BRANCHES * SOCKETS_PER_BRANCH} signed-in sockets (10 per branch, branches 0 to ${BRANCHES - 1}, each its branch's front desk: one password sign-in per desk, the other 9 by its token); the admin patches a customer of each branch in turn, one change at a time`,
        `no socket received another branch's event, and each got every event of its own branch: checked ${productChecked} deliveries of ${EVENTS + WARMUP} events (the floor: ${floorChecked} deliveries)`,
        `subject: from the service's own 'patched' event on the server (after the write: publishers, channels, per-connection shapes) until the 10th socket of the branch has it; floor: from the bare server's emit to one room until its 10th socket has it; ${payloadBytes} bytes of JSON each`,
        `with the write: from the admin's patch call until the 10th socket has the event: ${spread(wholeMs)}`,
        `the admin's patch call alone (until its answer): ${spread(callMs)}`,
        `until the first of the 10 sockets has it: product ${spread(firstMs.product)}; floor ${spread(firstMs.floor)}`,
        `opening and signing in the ${BRANCHES * SOCKETS_PER_BRANCH + 1} sockets (10 at a time) took ${(connectedMs / 1000).toFixed(1)} s`
      ]
    }
  } finally {
    app.service('customers').removeListener('patched', onServerEvent)
    await closeSockets([...clients.map(({ socket }) => socket), ...rawSockets])
    await bare.close()
    // Leave the dataset as it was: the customers' fields, the activity log entries and the sessions.
    for (const row of originals) await db('customers').where({ _id: row._id }).update({ profession: row.profession, updatedAt: row.updatedAt })
    await db('user_activities').where({ companyId: dataset.companyId, service: 'customers' }).where('createdAt', '>=', started).whereIn('recordId', originals.map((row) => row._id)).delete()
    await db('sessions').whereIn('_id', sessionIds).delete()
  }
}
