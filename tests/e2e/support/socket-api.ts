import { io } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { createClient } from '../../../server/src/client'

/** The narrow service shape the browser tests call directly (to set up or check data). */
export interface Remote {
  find(params?: { query?: Record<string, unknown> }): Promise<{ total: number; data: Record<string, unknown>[] }>
  get(id: string): Promise<Record<string, unknown>>
  create(data: Record<string, unknown>): Promise<Record<string, unknown>>
  patch(id: string, data: Record<string, unknown>): Promise<Record<string, unknown>>
  remove(id: string): Promise<Record<string, unknown>>
}

export interface Api {
  service(path: string): Remote
  auth: { user: { _id: string; first_name: string; last_name: string }; company: { _id: string }; branchIds: string[] }
  close(): void
}

/**
 * A socket client of the test server signed in as someone, for what a browser test needs to
 * arrange or check outside the screen under test (the same door the renderer uses).
 */
export async function signInApi(email: string, password: string): Promise<Api> {
  const url = `http://localhost:${process.env.E2E_PORT}`
  const socket = io(url, { transports: ['websocket'], forceNew: true })
  const client = createClient(socketio(socket))
  const auth = (await client.authenticate({ strategy: 'local', email, password })) as unknown as Api['auth']
  const service = (path: string) => (client as unknown as { service(path: string): Remote }).service(path)
  return { service, auth, close: () => void socket.close() }
}

/** Adds a team member of one of the default roles who may sign in. */
export async function addMember(api: Api, role: 'doctor' | 'finance' | 'director', person: { email: string; password: string; first: string; last: string }) {
  const roles = await api.service('roles').find({ query: { key: role } })
  return api.service('users').create({
    email: person.email,
    first_name: person.first,
    last_name: person.last,
    roleId: roles.data[0]._id,
    branchIds: api.auth.branchIds,
    password: person.password,
    allowLogin: true
  })
}

/**
 * A clinic of its own for a journey that would otherwise fill the shared demo clinic (a thousand
 * patients for one test change every other test's counts): registered through the same service
 * as the sign-up screen, its owner signed in.
 */
export async function registerClinicApi(name: string, account: { email: string; password: string }): Promise<Api> {
  const socket = io(`http://localhost:${process.env.E2E_PORT}`, { transports: ['websocket'], forceNew: true })
  const client = createClient(socketio(socket))
  try {
    await (client as unknown as { service(path: string): Remote }).service('company-registration').create({
      companyName: name, phone: '+998 90 123 45 67', email: account.email, first_name: 'Владелец', last_name: name, password: account.password
    })
  } finally {
    socket.close()
  }
  return signInApi(account.email, account.password)
}
