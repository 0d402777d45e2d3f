/**
 * Asks a running server whether the services the web shell needs answer, signed in as the demo
 * administrator. Usage: node --import tsx tests/e2e/support/probe-server.ts http://localhost:3030
 */
import { io } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { createClient } from '../../../server/src/client'

const url = process.argv[2] ?? 'http://localhost:3030'
const email = process.argv[3] ?? 'admin@demo.clinic'
const password = process.argv[4] ?? 'Demo-clinic-2026'

const socket = io(url, { transports: ['websocket'] })
const client = createClient(socketio(socket))
const remote = (path: string) => (client as unknown as { service(path: string): Record<string, (...args: unknown[]) => Promise<unknown>> }).service(path)

const calls: [string, () => Promise<unknown>][] = [
  ['profile.get(me)', () => remote('profile').get('me')],
  ['my-company.get(mine)', () => remote('my-company').get('mine')],
  ['company.get(mine)', () => remote('company').get('mine')],
  ['my-team.find', () => remote('my-team').find({ query: { $limit: 3 } })],
  ['users.find', () => remote('users').find({ query: { $limit: 3, $search: 'a', archived: false, $sort: { last_name: 1 } } })],
  ['roles.find', () => remote('roles').find({ query: { $limit: 3 } })],
  ['permissions.find', () => remote('permissions').find({})],
  ['branches.find', () => remote('branches').find({ query: { archived: false } })],
  ['specialty.find', () => remote('specialty').find({})],
  ['sessions.find', () => remote('sessions').find({ query: { $sort: { lastAction: -1 }, $limit: 5 } })]
]

/** Figures go to stdout; the lint rule keeps console.log out of app code. */
const print = (...parts: unknown[]) => process.stdout.write(`${parts.join(' ')}\n`)

async function main() {
  const result = (await client.authenticate({ strategy: 'local', email, password })) as unknown as Record<string, unknown>
  print('signed in:', Object.keys(result).join(', '))
  for (const [name, call] of calls) {
    try {
      const answer = (await call()) as Record<string, unknown>
      const summary = Array.isArray(answer?.data) ? `total ${answer.total}, first ${JSON.stringify(answer.data[0])?.slice(0, 160)}` : JSON.stringify(answer).slice(0, 200)
      print('OK  ', name, summary)
    } catch (error) {
      const failure = error as { code?: number; message?: string; data?: unknown }
      print('FAIL', name, failure.code, failure.message, JSON.stringify(failure.data))
    }
  }
  socket.close()
}

main().catch((error) => {
  console.error('FAIL sign-in', error?.code, error?.message)
  socket.close()
  process.exit(1)
})
