/**
 * `get`: a front desk reads one customer of its branch over the socket, through the official
 * client, with everything a real call goes through (token check and the caller loaded from its
 * session, permission, company and branch scope, resolvers). Floor: a bare socket.io server in
 * this process whose handler acknowledges the same emit with the exact JSON the get returned.
 */
import { performance } from 'node:perf_hooks'
import type { Socket } from 'socket.io-client'
import type { BenchContext } from '../context'
import type { Measurement } from '../measure'
import { BENCH_PASSWORD, deskEmail } from '../seed-clinic'
import { closeSockets, openClient, openSocket, startBareServer, timeAlternating, type BareServer } from './socket-kit'

const CALLS = 2000
const WARMUP = 200
/** The desk's branch: branch 1, an ordinary one (branch 0 is the main branch). */
const BRANCH = 1

export async function benchSocketGet(context: BenchContext): Promise<Measurement> {
  const { db, dataset, url } = context
  const branchId = dataset.branchIds[BRANCH]
  const ids = ((await db('customers').where({ companyId: dataset.companyId, branchId }).orderBy('_id').limit(CALLS).select('_id')) as Array<{ _id: string }>).map((row) => row._id)
  if (ids.length === 0) throw new Error(`branch ${BRANCH} has no customers`)
  const idAt = (index: number) => ids[(index + ids.length) % ids.length]

  const desk = await openClient(url)
  let sessionId: string | undefined
  let bare: BareServer | undefined
  let raw: Socket | undefined
  try {
    const signedIn = await desk.client.authenticate({ strategy: 'local', email: deskEmail(BRANCH), password: BENCH_PASSWORD })
    sessionId = String((signedIn as { sessionId?: unknown }).sessionId)
    const customers = desk.client.service('customers')
    // The floor answers with exactly what the product answers (one real result).
    const payload: unknown = JSON.parse(JSON.stringify(await customers.get(ids[0])))
    const payloadBytes = Buffer.byteLength(JSON.stringify(payload))
    bare = await startBareServer((socket) => {
      socket.on('get', (...args: unknown[]) => (args[args.length - 1] as (error: null, result: unknown) => void)(null, payload))
    })
    const echo = await openSocket(bare.url)
    raw = echo

    const subject = async (index: number) => {
      const start = performance.now()
      const customer = await customers.get(idAt(index))
      const took = performance.now() - start
      if (customer.branchId !== branchId) throw new Error(`the desk of branch ${BRANCH} read a customer of another branch`)
      return took
    }
    // The same emit the Feathers client makes for a get: method, path, id, query, route, acknowledgement.
    const floor = (index: number) =>
      new Promise<number>((resolve) => {
        const start = performance.now()
        echo.emit('get', 'customers', idAt(index), {}, {}, () => resolve(performance.now() - start))
      })
    const figures = await timeAlternating(subject, floor, { n: CALLS, warmup: WARMUP, rounds: 10 })
    return {
      name: 'customers.get over the socket (signed in, permissions)',
      engine: context.engine,
      subject: figures.subject,
      floorName: 'bare socket.io ack echo',
      floor: figures.floor,
      notes: [
        `one after another, ${ids.length} different customers of the desk's branch; product and floor take turns in 10 rounds after ${WARMUP} warm-up calls each`,
        `the echo acknowledges with the ${payloadBytes} bytes of JSON one real get returned; the floor server runs in this process like the clinic server`
      ]
    }
  } finally {
    await closeSockets(raw ? [desk.socket, raw] : [desk.socket])
    await bare?.close()
    // Leave the dataset as it was: the desk's session goes.
    if (sessionId) await db('sessions').where({ _id: sessionId }).delete()
  }
}
