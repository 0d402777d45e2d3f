import type { Server, Socket } from 'socket.io'
import { WebSocketServer, type ServerOptions } from 'ws'
import { TooManyRequests } from '@feathersjs/errors'
import { getServiceOptions } from '../feathers-runtime'
import type { Application } from '../declarations'
import type { Configuration } from '../configuration'
import { clinicError } from '../errors'

/** Calls of one connection running at once (the rest wait), and waiting (past that: 429). */
export type CallLimits = Configuration['callsPerConnection']

type Packet = unknown[]

/**
 * A call still running after this long gives up its slot (it goes on and still answers): with one
 * call at a time per connection, a call stuck on a lock must not freeze the person's whole tab.
 */
export const SLOT_TIMEOUT_MS = 15_000
type Acknowledge = (...answer: unknown[]) => void

/**
 * The answer a refused call gets: the Feathers error JSON a failed call carries. Made once: a
 * burst is refused thousands of times, and building an Error (its stack) each time is the cost.
 */
const refusal = Object.freeze(clinicError(TooManyRequests, 'too-many-attempts').toJSON())

/**
 * The event names Feathers' socket transport listens to: every method of every service (custom
 * ones too). Only these run work and answer through their acknowledgement; any other event
 * (socket.io's own, unknown names) passes untouched, since nobody would free its slot.
 */
function methodEvents(app: Application): Set<string> {
  const events = new Set<string>()
  for (const path of Object.keys(app.services)) {
    for (const method of getServiceOptions(app.service(path as never))?.methods ?? []) events.add(method)
  }
  return events
}

/**
 * One connection's share of the server. Calls were served first come, first served across all
 * connections, so one socket sending thousands of calls made everyone else wait behind them.
 * Here each connection has at most `limits.inFlight` calls running; the rest wait in its own
 * bounded queue, so other connections' calls meet only a few of its calls ahead of them.
 */
export class ConnectionGate {
  private running = 0
  private waiting: Array<() => void> = []
  private closed = false

  constructor(
    private readonly limits: CallLimits,
    private readonly isMethod: (event: string) => boolean,
    private readonly slotTimeoutMs = SLOT_TIMEOUT_MS
  ) {}

  /** socket.io packet middleware: `packet` is `[event, path, ...args, acknowledgement?]`. */
  readonly admit = (packet: Packet, next: (error?: Error) => void) => {
    // A call without a string path runs nothing: Feathers refuses it at once (NotFound) and,
    // having no argument after the path, never calls an acknowledgement that would free a slot.
    if (!this.isMethod(String(packet[0])) || typeof packet[1] !== 'string') return next()
    if (this.closed) return
    // Behind waiting calls even with a slot free (its waiting call starts next turn): in order.
    if (this.running < this.limits.inFlight && this.waiting.length === 0) return this.run(packet, next)
    if (this.waiting.length < this.limits.queued) {
      this.waiting.push(() => this.run(packet, next))
      return
    }
    const last = packet[packet.length - 1]
    if (typeof last === 'function') (last as Acknowledge)(refusal)
  }

  /** The socket is gone: what waits never runs; calls running still finish and free their slots. */
  close() {
    this.closed = true
    this.waiting = []
  }

  get inFlight() {
    return this.running
  }

  get queued() {
    return this.waiting.length
  }

  private startWaiting() {
    if (!this.closed && this.running < this.limits.inFlight) this.waiting.shift()?.()
  }

  private run(packet: Packet, next: () => void) {
    this.running += 1
    let freed = false
    const free = () => {
      if (freed) return
      freed = true
      clearTimeout(slotTimeout)
      this.running -= 1
      // The next waiting call starts on the following turn of the event loop, after pending I/O:
      // a call can finish without ever waiting for I/O (SQLite answers synchronously), and
      // starting the next one at once would chain the whole queue ahead of other sockets' packets.
      if (this.waiting.length > 0) setImmediate(() => this.startWaiting())
    }
    const slotTimeout = setTimeout(free, this.slotTimeoutMs)
    slotTimeout.unref()
    // Feathers answers through the last argument when it is a function; a call sent without an
    // acknowledgement gets one, so that its slot is freed when it finishes as well.
    const last = packet.length - 1
    const acknowledge = packet[last]
    if (typeof acknowledge === 'function') {
      packet[last] = (...answer: unknown[]) => {
        free()
        ;(acknowledge as Acknowledge)(...answer)
      }
    } else {
      packet.push(free)
    }
    next()
  }
}

const gateOf = new WeakMap<Socket, ConnectionGate>()

/** The gate of a socket (tests and benchmarks read its figures). */
export function connectionGate(socket: Socket): ConnectionGate | undefined {
  return gateOf.get(socket)
}

/** Gives every new socket of `io` its own gate, dropped with the socket. */
export function shareCallsFairly(app: Application, io: Server, limits: CallLimits) {
  io.on('connection', (socket) => {
    // Read per connection, as Feathers registers its method listeners per connection.
    const events = methodEvents(app)
    const gate = new ConnectionGate(limits, (event) => events.has(event))
    gateOf.set(socket, gate)
    socket.use(gate.admit)
    socket.on('disconnect', () => gate.close())
  })
}

/**
 * socket.io's websocket server, reading one message per turn of the event loop on each socket.
 * By default ws parses every message of a received chunk at once: a burst of thousands of calls
 * kept the event loop for hundreds of milliseconds before any other socket was read.
 */
export class OneMessagePerTurnServer extends WebSocketServer {
  constructor(options: ServerOptions, callback?: () => void) {
    super({ ...options, allowSynchronousEvents: false }, callback)
  }
}
