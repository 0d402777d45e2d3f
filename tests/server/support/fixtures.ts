import type { Socket } from 'socket.io-client'
import type { ClientApplication } from '../../../server/src/client'
import type { User } from '../../../server/src/services/team/users/users.shared'
import { PASSWORD, type SignedIn, type TestServer } from './harness'

/** The socket.io socket under a client made by the harness (socketio-client keeps it as `app.io`). */
export function socketOf(client: ClientApplication): Socket {
  return (client as unknown as { io: Socket }).io
}

/** Resolves when `socket` emits `event`, or rejects after `ms`. */
export function socketEvent<T = unknown>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no socket ${event} within ${ms} ms`)), ms)
    socket.once(event, (payload: T) => {
      clearTimeout(timer)
      resolve(payload)
    })
  })
}

/** Resolves once the socket is disconnected (at once when it already is), or rejects after `ms`. */
export function disconnected(socket: Socket, ms = 3000): Promise<void> {
  if (!socket.connected) return Promise.resolve()
  return socketEvent(socket, 'disconnect', ms).then(() => undefined)
}

/** The `_id` of one of the company's default roles (administrator, director, doctor, finance). */
export async function roleId(admin: SignedIn, key: 'administrator' | 'director' | 'doctor' | 'finance'): Promise<string> {
  const found = await admin.client.service('roles').find({ query: { key } })
  if (!found.data[0]) throw new Error(`no ${key} role`)
  return found.data[0]._id
}

let memberCounter = 0

export interface MemberOptions {
  role?: 'administrator' | 'director' | 'doctor' | 'finance'
  roleId?: string
  branchIds?: string[]
  first_name?: string
  last_name?: string
  allowLogin?: boolean
}

/** Adds a team member through the admin's client; returns the created record and its e-mail. */
export async function addMember(admin: SignedIn, options: MemberOptions = {}): Promise<{ user: User; email: string }> {
  memberCounter += 1
  const email = `member${memberCounter}.${Math.random().toString(36).slice(2, 8)}@clinic.test`
  const user = await admin.client.service('users').create({
    email,
    first_name: options.first_name ?? 'Member',
    last_name: options.last_name ?? `Number${memberCounter}`,
    roleId: options.roleId ?? (await roleId(admin, options.role ?? 'doctor')),
    branchIds: options.branchIds ?? admin.auth.branchIds,
    password: PASSWORD,
    ...(options.allowLogin === undefined ? {} : { allowLogin: options.allowLogin })
  })
  return { user, email }
}

/** Adds a member and signs them in on a new socket. */
export async function signedInMember(server: TestServer, admin: SignedIn, options: MemberOptions = {}): Promise<SignedIn & { user: User }> {
  const { user, email } = await addMember(admin, options)
  return { ...(await server.signIn(email)), user }
}

/** Row counts of the identity tables, to prove that a failed call wrote nothing. */
export async function tableCounts(server: TestServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of ['companies', 'branches', 'roles', 'specialties', 'users', 'sessions']) {
    const [row] = await server.db(table).count({ total: '*' })
    counts[table] = Number(row.total)
  }
  return counts
}
