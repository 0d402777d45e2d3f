import type { Socket } from 'socket.io-client'
import { getServiceOptions } from '@feathersjs/feathers'
import { accessRegistry } from '../../../server/src/access/access'
import { PASSWORD, engines, startServer, type TestServer } from '../support/harness'
import { anyService, useAnyService } from '../support/any-service'

/**
 * Rule over every service (issue 11, item 6): no call from outside ever produces a 5xx. Each
 * method of every registered service gets malformed arguments from an anonymous socket and from a
 * signed-in administrator; every answer must be a 4xx error or a success. A new service is
 * covered by registering it.
 */
const METHODS = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
const FOREIGN_ID = '0195d1c0-0000-7000-8000-000000000001'

/** Arguments (after the path) for one method: shapes that no well-behaved client sends. */
function malformedArguments(method: (typeof METHODS)[number]): unknown[][] {
  const nasty: unknown[] = [
    null,
    42,
    'text',
    [],
    [{}, {}],
    { __proto__: { admin: true } },
    JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}'),
    { $where: 'sleep(1)' },
    { a: { $gt: '' } },
    nested(200),
    { _id: { $ne: null } },
    { companyId: FOREIGN_ID }
  ]
  const ids: unknown[] = [null, 0, {}, [], FOREIGN_ID, 'x'.repeat(5000), { $ne: null }]
  switch (method) {
    case 'find':
      return nasty.map((query) => [query])
    case 'get':
    case 'remove':
      return [...ids.map((id) => [id, {}]), ...nasty.map((query) => [FOREIGN_ID, query])]
    case 'create':
      return nasty.map((data) => [data, {}])
    case 'update':
    case 'patch':
      return [...ids.map((id) => [id, {}, {}]), ...nasty.map((data) => [FOREIGN_ID, data, {}]), ...nasty.map((query) => [null, {}, query])]
  }
}

function nested(depth: number): unknown {
  let value: unknown = { leaf: true }
  for (let level = 0; level < depth; level += 1) value = level % 2 ? { a: value } : [value]
  return value
}

interface Answer {
  error?: { code?: number; name?: string; message?: string }
}

/**
 * Emits one raw Feathers call and waits for its acknowledgement (or 20 s: a dropped call never
 * answers at all, while a machine loaded by other runs can take seconds to answer one).
 */
function call(socket: Socket, method: string, path: string, args: unknown[]): Promise<Answer> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ error: { code: 0, name: 'NoAnswer' } }), 20_000)
    socket.emit(method, path, ...args, (error: Answer['error'] | null) => {
      clearTimeout(timer)
      resolve(error ? { error } : {})
    })
  })
}

describe.each(engines)('malformed calls on %s', (engine) => {
  let server: TestServer
  let anonymous: Socket
  let admin: Socket
  let adminEmail: string

  /** Signs the admin's socket in anew: a malformed call may have signed it out (authentication.remove). */
  const signInAdmin = () =>
    new Promise<void>((resolve, reject) =>
      admin.emit('create', 'authentication', { strategy: 'local', email: adminEmail, password: PASSWORD }, {}, (error: unknown) =>
        error ? reject(error) : resolve()
      )
    )

  beforeAll(async () => {
    server = await startServer(engine)
    adminEmail = (await server.registerClinic()).email
    anonymous = server.rawSocket()
    admin = server.rawSocket()
  })
  afterAll(() => server.stop())

  it('answers every malformed call of every service with a 4xx error or a success, never a 5xx', async () => {
    const serverErrors: string[] = []
    for (const path of [...accessRegistry.keys()].sort()) {
      const offered = getServiceOptions(anyService(server.app, path)).methods as string[]
      for (const [who, socket] of [['anonymous', anonymous], ['admin', admin]] as const) {
        if (who === 'admin') await signInAdmin()
        const calls = METHODS.filter((method) => offered.includes(method)).flatMap((method) =>
          malformedArguments(method).map(async (args) => {
            const answer = await call(socket, method, path, args)
            const status = answer.error?.code ?? 200
            if (status >= 500 || status < 200) serverErrors.push(`${who} ${path}.${method}(${JSON.stringify(args).slice(0, 80)}) -> ${status} ${answer.error?.name}: ${answer.error?.message}`)
          })
        )
        await Promise.all(calls)
      }
    }
    expect(serverErrors).toEqual([])
  }, 600_000)

  it('refuses array data on every create, update and patch of every service with BadRequest, before anything runs', async () => {
    const answers: string[] = []
    for (const path of [...accessRegistry.keys()].sort()) {
      const offered = getServiceOptions(anyService(server.app, path)).methods as string[]
      await signInAdmin()
      for (const method of ['create', 'update', 'patch'].filter((name) => offered.includes(name))) {
        for (const data of [[{}, {}], []]) {
          for (const [who, socket] of [['anonymous', anonymous], ['admin', admin]] as const) {
            const args = method === 'create' ? [data, {}] : [FOREIGN_ID, data, {}]
            const answer = await call(socket, method, path, args)
            const error = answer.error as { code?: number; data?: { code?: string } } | undefined
            if (error?.code !== 400 || error.data?.code !== 'invalid-request') answers.push(`${who} ${path}.${method}(${JSON.stringify(data)}) -> ${JSON.stringify(error)}`)
          }
        }
      }
    }
    expect(answers).toEqual([])
  })

  it('strips __proto__, constructor and prototype keys from data and query before any service sees them', async () => {
    const seen: Array<{ data: Record<string, unknown>; query: Record<string, unknown> }> = []
    useAnyService(server.app, 'prototype-probe', {
      async create(data: Record<string, unknown>, params: { query: Record<string, unknown> }) {
        seen.push({ data, query: params.query })
        return { ok: true }
      }
    })
    const socket = server.rawSocket()
    const hostile = JSON.parse('{"name": "x", "__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}, "nested": {"__proto__": {"isAdmin": true}, "keep": 1}, "list": [{"prototype": 1, "keep": 2}]}')
    const answer = await call(socket, 'create', 'prototype-probe', [hostile, JSON.parse('{"__proto__": {"companyId": "other"}, "status": "a"}')])
    expect(answer.error).toBeUndefined()
    const [{ data, query }] = seen
    expect(data).toEqual({ name: 'x', nested: { keep: 1 }, list: [{ keep: 2 }] })
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype)
    expect((data as { isAdmin?: unknown }).isAdmin).toBeUndefined()
    expect((data.nested as { isAdmin?: unknown }).isAdmin).toBeUndefined()
    expect(query).toEqual({ status: 'a' })
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype)
    expect(query.companyId).toBeUndefined()
  })

  it('refuses input nested deeper than any form or query needs with BadRequest', async () => {
    // The probe service (previous test) validates nothing itself: only the app's rule can refuse.
    const answer = await call(server.rawSocket(), 'create', 'prototype-probe', [nested(60), {}])
    expect(answer.error).toMatchObject({ code: 400, data: { code: 'invalid-request' } })
    expect((await call(server.rawSocket(), 'create', 'prototype-probe', [nested(20), {}])).error).toBeUndefined()
  })
})
