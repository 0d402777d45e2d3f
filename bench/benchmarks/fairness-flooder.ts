/**
 * The `fairness` benchmark's flooding client, in a process of its own so that encoding the
 * burst and decoding its thousands of answers weighs on its own CPU time, not on the server's
 * event loop (which the measured user shares with the server in the bench process).
 *
 * argv: url, email, password. Messages in: `{ burst: n, query }`; out: `{ ready, sessionId }`
 * once signed in, then `{ answered, refused, failed, firstError, ms }` when a burst's every call has answered.
 */
import { performance } from 'node:perf_hooks'
import { io } from 'socket.io-client'

type Answer = { code?: number; message?: string } | null

const [url, email, password] = process.argv.slice(2)
const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false })
const send = (message: Record<string, unknown>) => process.send?.(message)

socket.once('connect', () => {
  socket.emit('create', 'authentication', { strategy: 'local', email, password }, {}, (error: Answer, result: { sessionId?: string }) => {
    if (error) send({ error: error.message })
    else send({ ready: true, sessionId: result.sessionId })
  })
})
socket.once('connect_error', (error) => send({ error: error.message }))

process.on('message', ({ burst, query }: { burst: number; query: Record<string, unknown> }) => {
  const begin = performance.now()
  let answered = 0
  let refused = 0
  let failed = 0
  let firstError = ''
  // Every call sent at once, without waiting for any answer: what one misbehaving client can do.
  for (let index = 0; index < burst; index += 1) {
    socket.emit('find', 'customers', query, (error: Answer) => {
      answered += 1
      if (error?.code === 429) refused += 1
      else if (error) {
        failed += 1
        firstError ||= String(error.message)
      }
      if (answered === burst) send({ answered, refused, failed, firstError, ms: performance.now() - begin })
    })
  }
})

process.on('disconnect', () => {
  socket.disconnect()
  process.exit(0)
})
