/**
 * The `fairness` benchmark's measured user, in a process of its own as a person's browser is:
 * in the bench process its socket's every answer waited for the server's event loop a second
 * time (to be read by the client living there), which no user's screen does.
 *
 * argv: url, email, password. Messages in: `{ ids }` (the customers it reads, in turn), then
 * `{ calls: n }` (n calls, one after another) or `{ calls: 'until-stop' }` and later `{ stop }`.
 * Out: `{ ready }` once signed in, `{ latencies }` (ms) when a run is over, `{ error }` on failure.
 */
import { performance } from 'node:perf_hooks'
import { openClient } from './socket-kit'

const [url, email, password] = process.argv.slice(2)
const send = (message: Record<string, unknown>) => process.send?.(message)

const desk = await openClient(url)
let ids: string[] = []
let branchId = ''
let next = 0
let stopping = false

async function call(): Promise<number> {
  const start = performance.now()
  const customer = await desk.client.service('customers').get(ids[next++ % ids.length])
  if (customer.branchId !== branchId) throw new Error('the desk read a customer of another branch')
  return performance.now() - start
}

process.on('message', (message: { ids?: string[]; branchId?: string; calls?: number | 'until-stop'; stop?: true }) => {
  if (message.ids) {
    ids = message.ids
    branchId = String(message.branchId)
  }
  if (message.stop) stopping = true
  if (message.calls === undefined) return
  const { calls } = message
  stopping = false
  void (async () => {
    const latencies: number[] = []
    while (calls === 'until-stop' ? !stopping : latencies.length < calls) latencies.push(await call())
    send({ latencies })
  })().catch((error: Error) => send({ error: error.message }))
})

process.on('disconnect', () => {
  desk.socket.disconnect()
  process.exit(0)
})

try {
  await desk.client.authenticate({ strategy: 'local', email, password })
  send({ ready: true })
} catch (error) {
  send({ error: (error as Error).message })
}
