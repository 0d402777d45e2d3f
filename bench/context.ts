import type { AddressInfo } from 'node:net'
import type { Knex } from 'knex'
import { io } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { createApp } from '../server/src/app'
import { createClient, type ClientApplication } from '../server/src/client'
import type { Application } from '../server/src/declarations'
import { benchConfiguration } from './bench-kit'
import { BENCH_PASSWORD } from './seed-clinic'
import type { BenchDataset } from './dataset'

/** What every benchmark gets: the dataset, the running server (in this process) and ways to reach it. */
export interface BenchContext {
  engine: 'sqlite' | 'postgres'
  db: Knex
  app: Application
  /** http://127.0.0.1:port of the running server. */
  url: string
  dataset: BenchDataset
  /** The official socket client on a new websocket, signed in as `email`. */
  signIn(email: string): Promise<ClientApplication>
  /** The official socket client on a new websocket, not signed in. */
  connect(): ClientApplication
}

/** Starts the clinic server on the dataset's database, as production would run it (quiet logs). */
export async function startBenchServer(engine: BenchContext['engine'], db: Knex, dataDir: string, dataset: BenchDataset): Promise<BenchContext & { stop: () => Promise<void> }> {
  const app = createApp(benchConfiguration(dataDir), { db })
  const server = await app.listen(0)
  // The bench's clients share the server's thread: a long SQLite statement (a year's raw report at
  // the full size) holds it past socket.io's ping timeout (20 s), the socket drops and the call's
  // answer never comes. Here the call's time is the figure wanted, so the sockets wait it out.
  ;(app as unknown as { io: { engine: { opts: { pingTimeout: number } } } }).io.engine.opts.pingTimeout = 600_000
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const sockets: Array<{ disconnect: () => void }> = []
  const connect = () => {
    const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false })
    // A dropped socket leaves its calls waiting forever (no reconnection here): said, not silent.
    socket.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect') console.log(`bench socket dropped: ${reason}`)
    })
    sockets.push(socket)
    return createClient(socketio(socket, { timeout: 120_000 }))
  }
  const signIn = async (email: string) => {
    const client = connect()
    await client.authenticate({ strategy: 'local', email, password: BENCH_PASSWORD })
    return client
  }
  const stop = async () => {
    for (const socket of sockets) socket.disconnect()
    await app.teardown()
  }
  return { engine, db, app, url, dataset, signIn, connect, stop }
}
