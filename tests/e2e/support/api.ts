import { io, type Socket } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { createClient } from '../../../server/src/client'
import { demoAdmin } from './app'

/**
 * The test server's socket API, signed in as the demo administrator: for putting records in
 * place before a browser journey (what the journey is about still happens in the browser).
 */
export interface ApiService<T> {
  find(params?: unknown): Promise<{ data: T[]; total: number }>
  get(id: string): Promise<T>
  create(data: unknown): Promise<T>
  patch(id: string, data: unknown): Promise<T>
  remove(id: string): Promise<T>
}

export interface Api {
  service<T = Record<string, unknown>>(path: string): ApiService<T>
  close(): void
}

export async function connectApi(baseURL: string, account = demoAdmin): Promise<Api> {
  const socket: Socket = io(baseURL, { transports: ['websocket'] })
  const client = createClient(socketio(socket))
  const signedIn = (await client.authenticate({ strategy: 'local', email: account.email, password: account.password })) as unknown as { branchIds?: string[] }
  // Like the app: creates go to the person's first branch.
  client.set('currentBranchId', signedIn.branchIds?.[0] ?? null)
  return {
    service: <T>(path: string) => (client as unknown as { service(path: string): ApiService<T> }).service(path),
    close: () => void socket.close()
  }
}

/** Letters only (names are searched by word prefixes): a tag that makes this run's names unique. */
export function uniqueLetters(alphabet = 'abcdefghijklmnopqrstuvwxyz', length = 6): string {
  let value = Date.now() * 1000 + Math.floor(Math.random() * 1000)
  let out = ''
  for (let i = 0; i < length; i += 1) {
    out += alphabet[value % alphabet.length]
    value = Math.floor(value / alphabet.length)
  }
  return out
}

/** A valid Uzbek mobile number in storage form (12 digits), different on every call. */
export function uniquePhone(): string {
  const tail = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')
  return `99897${tail}`
}
