import type { RealTimeConnection } from '@feathersjs/feathers'
import type { Socket } from 'socket.io'
import type { Application } from '../declarations'

/** The event a socket receives just before the server closes it because its session ended. */
export const SESSION_ENDED_EVENT = 'session-ended'

const socketOf = new WeakMap<RealTimeConnection, Socket>()
const connectionsBySession = new Map<string, Set<RealTimeConnection>>()
const sessionOf = new WeakMap<RealTimeConnection, string>()

export function rememberSocket(connection: RealTimeConnection, socket: Socket) {
  socketOf.set(connection, socket)
}

export function attachSession(connection: RealTimeConnection, sessionId: string) {
  detachSession(connection)
  sessionOf.set(connection, sessionId)
  const set = connectionsBySession.get(sessionId) ?? new Set()
  set.add(connection)
  connectionsBySession.set(sessionId, set)
}

export function detachSession(connection: RealTimeConnection) {
  const sessionId = sessionOf.get(connection)
  if (!sessionId) return
  sessionOf.delete(connection)
  const set = connectionsBySession.get(sessionId)
  set?.delete(connection)
  if (set?.size === 0) connectionsBySession.delete(sessionId)
}

/**
 * Closes every socket of an ended session on this instance: the socket first hears
 * `session-ended` (the renderer signs out at once), then is disconnected, which also takes it
 * out of every channel. With several instances each one runs this for its own sockets when the
 * sessions service's `patched` event reaches it.
 */
export function closeSessionSockets(app: Application, sessionId: string) {
  const connections = connectionsBySession.get(sessionId)
  if (!connections) return
  for (const connection of [...connections]) {
    socketOf.get(connection)?.emit(SESSION_ENDED_EVENT, { sessionId })
    detachSession(connection)
    app.emit('disconnect', connection)
  }
}
