import type { Server } from 'socket.io'
import { MethodNotAllowed, NotFound, type FeathersError } from '@feathersjs/errors'
import { getServiceOptions } from '../feathers-runtime'
import type { Application } from '../declarations'
import { clinicError } from '../errors'

type Acknowledge = (...answer: unknown[]) => void

/** How much of a client's method name an answer repeats. */
const SHOWN_NAME_LENGTH = 40

/**
 * The refusal of a call of `method` on `path`, or null when a service at `path` offers `method`
 * (Feathers then runs it, and its hooks answer).
 */
export function refusalOf(app: Application, method: string, path: unknown): FeathersError | null {
  const lookup = typeof path === 'string' ? app.lookup(path) : null
  if (!lookup) return clinicError(NotFound, 'not-found')
  const { methods } = getServiceOptions(lookup.service) ?? { methods: [] }
  if ((methods as string[]).includes(method)) return null
  const shown = method.length > SHOWN_NAME_LENGTH ? `${method.slice(0, SHOWN_NAME_LENGTH)}…` : method
  return new MethodNotAllowed(`Method ${shown} is not allowed on ${path}`, { code: 'invalid-request' })
}

/**
 * Every call gets an answer (issue 12). Feathers' socket transport
 * (@feathersjs/transport-commons lib/socket/index.js) listens, on each connection, only to the
 * event names that are a method of some registered service; a call of any other name (`update`
 * while no service offered it, `frobnicate`) had no listener, socket.io dropped it, and the
 * caller waited for its own timeout (30 s in the renderer). Its dispatcher (runMethod in
 * lib/socket/utils.js) does refuse an unknown path or a method the service does not offer, but
 * with a bare Feathers error without our `data.code`.
 *
 * This socket.io packet middleware sees every event a client sends before any listener. A packet
 * with an acknowledgement (`[method, path, ...args, ack]`, what every Feathers client call is) is
 * answered at once when no service is at `path` (NotFound `not-found`) or the service does not
 * offer `method` (MethodNotAllowed `invalid-request`), signed in or not, in the shape of every
 * other error the server sends (clinicError: name, message, code, className, data.code). Other
 * packets go on to Feathers untouched; one without acknowledgement has nobody to answer to.
 *
 * Registered after the connection's call gate (connection-fairness.ts), so a refused call of a
 * method name some service offers still takes its turn there and frees its slot on answering;
 * names no service offers never pass the gate and cost only this answer.
 */
export function answerEveryCall(app: Application, io: Server) {
  io.on('connection', (socket) => {
    socket.use((packet, next) => {
      const acknowledge = packet[packet.length - 1]
      if (packet.length < 2 || typeof acknowledge !== 'function') return next()
      const refusal = refusalOf(app, String(packet[0]), packet[1])
      if (!refusal) return next()
      ;(acknowledge as Acknowledge)(refusal.toJSON())
    })
  })
}
