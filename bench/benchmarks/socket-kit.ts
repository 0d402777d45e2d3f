/**
 * What the socket benchmarks (get, events, sign-in) share: raw and official socket clients they
 * close themselves, a bare socket.io server to compare with, and measuring the product and its
 * floor in alternating rounds, so that a noisy machine weighs on both alike.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { Server, type Socket as ServerSocket } from 'socket.io'
import { io, type Socket } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { createClient, type ClientApplication } from '../../server/src/client'
import { statsOf, type Stats } from '../measure'

/** A raw socket.io client on a new websocket, as the clinic's renderer opens it; resolves when connected. */
export function openSocket(url: string, auth?: Record<string, string>): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, auth })
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (error) => reject(error))
  })
}

export interface OpenClient {
  socket: Socket
  client: ClientApplication
}

/** The official client on its own websocket (like BenchContext.connect), with the socket to close it. */
export async function openClient(url: string): Promise<OpenClient> {
  const socket = await openSocket(url)
  return { socket, client: createClient(socketio(socket, { timeout: 120_000 })) }
}

/** Disconnects sockets and waits a moment for the server to see them go (its channels drop them). */
export async function closeSockets(sockets: Array<{ disconnect: () => unknown }>): Promise<void> {
  for (const socket of sockets) socket.disconnect()
  await new Promise((resolve) => setTimeout(resolve, 200))
}

export interface BareServer {
  io: Server
  url: string
  close: () => Promise<void>
}

/**
 * A bare socket.io server in this process, on its own port, with the clinic server's transport
 * options (websocket only, same socket.io version): the least a socket round trip can cost here.
 */
export async function startBareServer(onConnection: (socket: ServerSocket) => void): Promise<BareServer> {
  const httpServer = http.createServer()
  const server = new Server(httpServer, { transports: ['websocket'], serveClient: false, maxHttpBufferSize: 1_000_000 })
  server.on('connection', onConnection)
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`
  const close = async () => {
    server.disconnectSockets(true)
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return { io: server, url, close }
}

/** One measured operation: returns its latency in ms (what it measures is up to it). */
export type TimedOperation = (index: number) => Promise<number>

export interface AlternatingOptions {
  /** Operations measured on each side. */
  n: number
  /** Unmeasured operations on each side first. */
  warmup: number
  /** Rounds the measured operations are split into, subject and floor taking turns. */
  rounds: number
}

/**
 * Runs the subject's and the floor's operations one after another in alternating rounds (subject
 * round, floor round, ...), each side `n` times after `warmup`, and gives each side's figures; a
 * side's throughput is over the time its own rounds took.
 */
export async function timeAlternating(subject: TimedOperation, floor: TimedOperation, { n, warmup, rounds }: AlternatingOptions): Promise<{ subject: Stats; floor: Stats }> {
  for (let index = 0; index < warmup; index += 1) {
    await subject(-1 - index)
    await floor(-1 - index)
  }
  const sides = [
    { operation: subject, latencies: [] as number[], wallMs: 0 },
    { operation: floor, latencies: [] as number[], wallMs: 0 }
  ]
  const perRound = Math.ceil(n / rounds)
  for (let start = 0; start < n; start += perRound) {
    for (const side of sides) {
      const begin = performance.now()
      for (let index = start; index < Math.min(n, start + perRound); index += 1) side.latencies.push(await side.operation(index))
      side.wallMs += performance.now() - begin
    }
  }
  return { subject: statsOf(sides[0].latencies, sides[0].wallMs), floor: statsOf(sides[1].latencies, sides[1].wallMs) }
}

/** Runs `task` over `items`, at most `limit` at a time, keeping the order of the results. */
export async function inBatches<T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  for (let start = 0; start < items.length; start += limit) {
    results.push(...(await Promise.all(items.slice(start, start + limit).map((item, offset) => task(item, start + offset)))))
  }
  return results
}

/** Median, p95 and max of latencies, for the notes. */
export function spread(latencies: number[]): string {
  if (latencies.length === 0) return 'none measured'
  const stats = statsOf(latencies, 0)
  const max = latencies.reduce((top, value) => Math.max(top, value), 0)
  return `median ${stats.median.toFixed(2)} ms, p95 ${stats.p95.toFixed(2)} ms, max ${max.toFixed(1)} ms`
}
