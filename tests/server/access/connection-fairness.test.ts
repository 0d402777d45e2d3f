import type { Server, Socket as ServerSocket } from 'socket.io'
import type { Socket } from 'socket.io-client'
import type { RealTimeConnection } from '@feathersjs/feathers'
import { engines, startServer, type SignedIn, type TestServer } from '../support/harness'
import { socketOf } from '../support/fixtures'
import { ConnectionGate, connectionGate } from '../../../server/src/access/connection-fairness'
import { defaultCallsPerConnection } from '../../../server/src/configuration'
import type { HookContext, NextFunction } from '../../../server/src/declarations'

type Answer = { error: { name?: string; code?: number; message?: string; data?: { code?: string } } | null; result?: unknown }

/** Emits a Feathers call on a raw socket; resolves with its answer (no client timeout: a burst may take a while). */
function call(socket: Socket, method: string, path: string, ...args: unknown[]): Promise<Answer> {
  return new Promise((resolve) => socket.emit(method, path, ...args, (error: Answer['error'], result: unknown) => resolve({ error, result })))
}

/** Waits until `condition` holds, checking every 10 ms; fails after `ms` with what it waited for. */
async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const giveUp = Date.now() + ms
  while (!condition()) {
    if (Date.now() > giveUp) throw new Error(`gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

function connected(socket: Socket): Promise<void> {
  return socket.connected ? Promise.resolve() : new Promise((resolve) => socket.once('connect', () => resolve()))
}

/** The server's side of a client's socket (socket.io gives both the same id). */
function serverSide(server: TestServer, socket: Socket): ServerSocket {
  const found = (server.app as unknown as { io: Server }).io.of('/').sockets.get(socket.id ?? '')
  if (!found) throw new Error('no server socket for this client')
  return found
}

/**
 * Holds every call of one connection at the door of its hooks until opened, so that the test
 * decides when calls finish; counts the calls that got that far (that ran).
 */
function holdCallsOf(server: TestServer, connection: RealTimeConnection) {
  let open = () => undefined as void
  const opened = new Promise<void>((resolve) => (open = resolve))
  const hold = { ran: 0, open }
  holds.push(hold)
  server.app.hooks({
    around: {
      all: [
        async (context: HookContext, next: NextFunction) => {
          if (context.params.connection === connection) {
            hold.ran += 1
            await opened
          }
          await next()
        }
      ]
    }
  })
  return hold
}

/** Every hold is opened after its test, passed or failed, so that no call stays held for the next. */
const holds: Array<{ open: () => void }> = []
afterEach(() => holds.splice(0).forEach((hold) => hold.open()))

const isRefusal = (answer: Answer) =>
  answer.error?.name === 'TooManyRequests' &&
  answer.error.code === 429 &&
  answer.error.data?.code === 'too-many-attempts' &&
  answer.error.message === 'Too many attempts, try again later'

describe.each(engines)('calls are shared fairly between connections on %s', (engine) => {
  describe('a burst from one socket', () => {
    let server: TestServer
    let flooder: SignedIn
    let other: SignedIn
    // Served in turn, the other user's 20 calls let through a few dozen of the burst's at most:
    // five hundred leave a wide margin and cost a quarter of two thousand on a loaded machine.
    const burst = 500

    beforeAll(async () => {
      server = await startServer(engine, { callsPerConnection: { ...defaultCallsPerConnection, queued: burst } })
      flooder = await server.registerClinic('Flooder')
      other = await server.registerClinic('Other')
    })
    afterAll(() => server.stop())

    it("answers another user's calls before the burst has finished", async () => {
      const roleIds = (await other.client.service('roles').find()).data.map((role) => role._id)
      const flood = socketOf(flooder.client)
      let answered = 0
      const floodAnswers = Array.from({ length: burst }, () =>
        call(flood, 'find', 'roles', {}).then((answer) => {
          answered += 1
          return answer
        })
      )
      for (let index = 0; index < 20; index += 1) {
        const role = await other.client.service('roles').get(roleIds[index % roleIds.length])
        expect(role._id).toBe(roleIds[index % roleIds.length])
      }
      // Served in turn, the other user's 20 calls each waited behind a few of the burst's, not all.
      expect(burst - answered).toBeGreaterThanOrEqual(burst / 2)
      const answers = await Promise.all(floodAnswers)
      expect(answers.filter((answer) => answer.error)).toEqual([])
      // A burst on a loaded 2-core machine can take minutes: the test asserts the order of
      // answers, never how long the burst lasts.
    }, 400_000)
  })

  describe('with a small limit', () => {
    let server: TestServer
    let admin: SignedIn
    const limits = { inFlight: 2, queued: 10 }

    beforeAll(async () => {
      server = await startServer(engine, { callsPerConnection: limits })
      admin = await server.registerClinic()
    })
    afterAll(() => server.stop())

    it('refuses calls past the queue at once with 429, and the connection keeps working', async () => {
      const signedIn = await server.signIn(admin.email)
      const socket = socketOf(signedIn.client)
      const hold = holdCallsOf(server, serverSide(server, socket).feathers)
      const beyond = 5
      const order: number[] = []
      const answers = Array.from({ length: limits.inFlight + limits.queued + beyond }, (_, index) =>
        call(socket, 'find', 'roles', {}).then((answer) => {
          order.push(index)
          return answer
        })
      )
      const refused = await Promise.all(answers.slice(-beyond))
      expect(refused.every(isRefusal)).toBe(true)
      // Answered while the calls ahead of them were still held: nothing else had answered yet.
      expect(order.slice(0, beyond).sort((a, b) => a - b)).toEqual([12, 13, 14, 15, 16])
      expect(hold.ran).toBe(limits.inFlight)
      hold.open()
      const served = await Promise.all(answers.slice(0, -beyond))
      expect(served.map((answer) => answer.error)).toEqual(served.map(() => null))
      expect(hold.ran).toBe(limits.inFlight + limits.queued)
      const later = await signedIn.client.service('roles').find()
      expect(later.total).toBeGreaterThanOrEqual(4)
    })

    it('frees the slot of a call sent without an acknowledgement', async () => {
      const socket = server.rawSocket()
      await connected(socket)
      let received = 0
      serverSide(server, socket).onAny(() => (received += 1))
      for (let index = 0; index < limits.inFlight * 3; index += 1) socket.emit('find', 'roles', {})
      socket.emit('get', 'roles', 'no-such-id')
      socket.emit('find')
      await until(() => received === limits.inFlight * 3 + 2, 'the server to receive the calls')
      const gate = connectionGate(serverSide(server, socket))
      await until(() => gate?.inFlight === 0 && gate.queued === 0, 'the calls without acknowledgement to finish')
      // Every slot is free again: exactly the calls past in-flight plus queue are refused.
      const hold = holdCallsOf(server, serverSide(server, socket).feathers)
      const answers = Array.from({ length: limits.inFlight + limits.queued + 1 }, () => call(socket, 'find', 'roles', {}))
      expect(isRefusal(await answers[answers.length - 1])).toBe(true)
      expect(hold.ran).toBe(limits.inFlight)
      hold.open()
      // Not signed in: each call is answered, with NotAuthenticated.
      for (const answer of await Promise.all(answers.slice(0, -1))) expect(answer.error?.name).toBe('NotAuthenticated')
    })

    it('drops the queue of a socket that disconnects: none of its waiting calls runs', async () => {
      const signedIn = await server.signIn(admin.email)
      const socket = socketOf(signedIn.client)
      const onServer = serverSide(server, socket)
      let received = 0
      onServer.onAny(() => (received += 1))
      const hold = holdCallsOf(server, onServer.feathers)
      const sent = limits.inFlight + limits.queued
      for (let index = 0; index < sent; index += 1) socket.emit('find', 'roles', {}, () => undefined)
      await until(() => received === sent, 'the server to receive every call')
      socket.disconnect()
      await until(() => onServer.disconnected, 'the server to see the socket go')
      hold.open()
      await until(() => server.app.get('inFlight').size === 0, 'no call in flight')
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(hold.ran).toBe(limits.inFlight)
      expect(connectionGate(onServer)?.queued).toBe(0)
      expect(server.app.get('inFlight').size).toBe(0)
      const again = await server.signIn(admin.email)
      expect((await again.client.service('roles').find()).total).toBeGreaterThanOrEqual(4)
    })
  })
})

describe('a call that never answers', () => {
  it('gives up its slot after the slot timeout, so the connection\'s next call runs', async () => {
    const gate = new ConnectionGate({ inFlight: 1, queued: 10 }, () => true, 50)
    const ran: string[] = []
    gate.admit(['find', 'stuck', {}, () => undefined], () => ran.push('stuck'))
    gate.admit(['find', 'next', {}, () => undefined], () => ran.push('next'))
    expect(ran).toEqual(['stuck'])
    expect(gate.queued).toBe(1)
    await until(() => ran.length === 2, 'the waiting call to run', 2000)
    expect(ran).toEqual(['stuck', 'next'])
  })
})
