import type { Socket } from 'socket.io-client'
import { engines, failure, startServer, type SignedIn, type TestServer } from './support/harness'
import { disconnected } from './support/fixtures'
import { malformed } from './support/malformed'

type Ack = { error: { name?: string; code?: number; message?: string; data?: { code?: string }; stack?: string } | null; result: unknown }

/** Emits a raw socket.io message with an acknowledgement; resolves with what the server answered. */
function emitWithAck(socket: Socket, event: string, ...args: unknown[]): Promise<Ack> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${event} within 5 s`)), 5000)
    socket.emit(event, ...args, (error: Ack['error'], result: unknown) => {
      clearTimeout(timer)
      resolve({ error, result })
    })
  })
}

function connected(socket: Socket): Promise<void> {
  if (socket.connected) return Promise.resolve()
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
}

describe.each(engines)('socket protocol and strict queries on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  const maxMessageBytes = 20_000

  beforeAll(async () => {
    server = await startServer(engine, { maxMessageBytes })
    admin = await server.registerClinic()
  })
  afterAll(() => server.stop())

  /** The server still answers: a fresh client signs in and reads. */
  async function serverStillAnswers() {
    const again = await server.signIn(admin.email)
    const roles = await again.client.service('roles').find()
    expect(roles.total).toBeGreaterThanOrEqual(4)
    const health = await fetch(`${server.url}/health`)
    expect(health.status).toBe(200)
  }

  describe('malformed messages', () => {
    it('answers garbage with errors and keeps serving everyone', async () => {
      const socket = server.rawSocket()
      await connected(socket)
      const answers = await Promise.all([
        emitWithAck(socket, 'find', 'no-such-service', {}),
        emitWithAck(socket, 'find', { not: 'a path' }, {}),
        emitWithAck(socket, 'find', null),
        emitWithAck(socket, 'find', 'users', 'a string instead of params'),
        emitWithAck(socket, 'find', 'users', 12345),
        emitWithAck(socket, 'find', 'users', [1, 2, 3]),
        emitWithAck(socket, 'get', 'users', { $ne: null }),
        emitWithAck(socket, 'get', 'users', 'id', {}, 'one argument too many'),
        emitWithAck(socket, 'create', 'authentication', 'not an object'),
        emitWithAck(socket, 'create', 'authentication', { strategy: 'no-such-strategy' }),
        emitWithAck(socket, 'create', 'authentication', { strategy: 'local', email: { $ne: null }, password: { $ne: null } }),
        emitWithAck(socket, 'create', 'company-registration', [1, 2]),
        emitWithAck(socket, 'create', 'company-registration', null),
        emitWithAck(socket, 'patch', 'users', 'id', 'not an object', {}),
        emitWithAck(socket, 'remove', 'company', 'mine')
      ])
      for (const answer of answers) {
        expect(answer.error).toBeTruthy()
        expect(answer.result).toBeUndefined()
        expect(answer.error?.stack).toBeUndefined()
      }
      expect(answers[0].error?.name).toBe('NotFound')
      expect(answers[10].error?.name).toBe('BadRequest')
      await serverStillAnswers()
    })

    it('survives messages without acknowledgement and unknown events', async () => {
      const socket = server.rawSocket()
      await connected(socket)
      socket.emit('find')
      // The acknowledgement function taken for the service path: nothing to answer, nothing breaks.
      socket.emit('find', () => undefined)
      socket.emit('update', 'users', 'id', {}, () => undefined)
      socket.emit('patch', 'users')
      socket.emit('remove', 'users', null, null, null)
      socket.emit('no-such-event', { a: 1 })
      socket.emit('create', 'company-registration', { companyName: 'x' })
      socket.emit('get', 'users', '__proto__')
      socket.emit('constructor', 'users')
      socket.emit('__proto__', 'users')
      socket.emit('hasOwnProperty', 'users')
      await new Promise((resolve) => setTimeout(resolve, 200))
      await serverStillAnswers()
    })

    it('survives deeply nested and very wide objects within the size limit', async () => {
      const socket = server.rawSocket()
      await connected(socket)
      // Each message stays under the size limit (about 12 kB and 8 kB).
      let deep: unknown = 'x'
      for (let level = 0; level < 2000; level += 1) deep = { a: deep }
      let deepArray: unknown = []
      for (let level = 0; level < 4000; level += 1) deepArray = [deepArray]
      const wide = Object.fromEntries(Array.from({ length: 1500 }, (_, index) => [`k${index}`, index]))
      const answers = await Promise.all([
        emitWithAck(socket, 'find', 'users', deep),
        emitWithAck(socket, 'find', 'users', { first_name: { $in: deepArray } }),
        emitWithAck(socket, 'find', 'users', { $or: [deep] }),
        emitWithAck(socket, 'get', 'users', deepArray),
        emitWithAck(socket, 'create', 'company-registration', deep),
        emitWithAck(socket, 'create', 'company-registration', wide),
        emitWithAck(socket, 'create', 'authentication', { strategy: 'local', email: deep, password: 'x' }),
        emitWithAck(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: deepArray })
      ])
      for (const answer of answers) expect(answer.error?.name).toEqual(expect.stringMatching(/BadRequest|NotAuthenticated/))
      expect(socket.connected).toBe(true)
      await serverStillAnswers()
    })

    it('disconnects a socket that sends a message bigger than the limit, and only that one', async () => {
      const bystander = server.rawSocket()
      await connected(bystander)
      const socket = server.rawSocket()
      await connected(socket)
      const gone = disconnected(socket)
      socket.emit('create', 'company-registration', { companyName: 'x'.repeat(maxMessageBytes * 2) })
      await gone
      expect(socket.connected).toBe(false)
      expect(bystander.connected).toBe(true)
      const answer = await emitWithAck(bystander, 'find', 'no-such-service', {})
      expect(answer.error?.name).toBe('NotFound')
      await serverStillAnswers()
    })

    it('does not let a __proto__ key in a query widen the company filter', async () => {
      const other = await server.registerClinic('Other')
      const socket = server.rawSocket()
      await connected(socket)
      const signIn = await emitWithAck(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: admin.auth.accessToken }, {})
      expect(signIn.error).toBeNull()
      const raw = `{"__proto__":{"companyId":"${other.auth.company._id}"},"$limit":100}`
      const answer = await emitWithAck(socket, 'find', 'users', JSON.parse(raw))
      if (answer.error) expect(answer.error.name).toBe('BadRequest')
      else for (const row of (answer.result as { data: Array<{ companyId: string }> }).data) expect(row.companyId).toBe(admin.auth.company._id)
    })
  })

  describe('strict queries', () => {
    const refused = async (query: Record<string, unknown>, path: 'users' | 'roles' | 'branches' = 'users') => {
      const service = admin.client.service(path) as unknown as { find: (params: { query: unknown }) => Promise<unknown> }
      const error = await failure(service.find({ query }))
      expect([JSON.stringify(query), error.name, error.code]).toEqual([JSON.stringify(query), 'BadRequest', 400])
      expect(error.data?.code).toEqual(expect.any(String))
      return error
    }

    it('accepts the spec\'s operators on known columns', async () => {
      const page = await admin.client.service('users').find({
        query: {
          $select: ['_id', 'first_name', 'email'],
          $sort: { last_name: 1 as const, createdAt: -1 as const },
          $limit: 500,
          $skip: 0,
          first_name: { $in: ['Owner', 'Nobody'], $nin: ['Somebody'], $ne: 'X' },
          createdAt: { $gt: '2000-01-01T00:00:00.000Z', $lte: '2999-01-01T00:00:00.000Z' },
          $or: [{ first_name: 'Owner' }, { last_name: { $lt: 'zzz', $gte: 'A' } }]
        }
      })
      expect(page.data.length).toBeGreaterThan(0)
      expect(Object.keys(page.data[0]).sort()).toEqual(['_id', 'email', 'first_name'])
    })

    it('rejects an unknown column in $select or $sort', async () => {
      await refused({ $select: ['_id', 'password'] })
      await refused({ $select: ['no_such_column'] })
      await refused({ $sort: { password: 1 } })
      await refused({ $sort: { 'no_such_column; drop table users': 1 } })
    })

    it('rejects $limit above 500 and a negative $skip', async () => {
      await refused({ $limit: 501 })
      await refused({ $limit: 1e9 })
      await refused({ $limit: -1 })
      await refused({ $skip: -5 })
      await refused({ $limit: '10' })
    })

    it('rejects $and, $where, $regex where the spec does not allow it, and unknown operators', async () => {
      await refused({ $and: [{ first_name: 'Owner' }] })
      await refused({ $where: '1 = 1' })
      await refused({ first_name: { $regex: '.*' } })
      await refused({ first_name: { $like: '%' } })
      await refused({ first_name: { $ilike: '%' } })
      await refused({ $or: [{ $and: [{ first_name: 'x' }] }] })
      await refused({ $or: [{ password: 'x' }] })
      await refused({ password: 'x' })
      await refused({ name: { $regex: '.*', $options: 'gim' } }, 'branches')
    })

    it('rejects ids and values of the wrong type in queries', async () => {
      await refused({ _id: { $ne: { $gt: '' } } })
      await refused({ _id: 12 })
      await refused({ allowLogin: 'yes' })
      await refused({ first_name: { $in: 'Owner' } })
    })

    it('accepts $regex on branch names, as a plain case-insensitive match', async () => {
      await admin.client.service('branches').create({ name: 'North branch' })
      const page = await admin.client.service('branches').find({ query: { name: { $regex: 'NORTH', $options: 'i' } } })
      expect(page.data.map((branch: { name: string }) => branch.name)).toEqual(['North branch'])
      const none = await admin.client.service('branches').find({ query: { name: { $regex: '.*' } } })
      expect(none.data).toEqual([])
    })
  })

  describe('errors', () => {
    it('carries data.code on every error of a service call', async () => {
      const errors = await Promise.all([
        failure(admin.client.service('users').get('01a1fd2e-80ce-71b8-ad91-b74aef45f1b6')),
        failure(admin.client.service('users').find({ query: { $limit: 10_000 } })),
        failure(server.connect().service('users').find()),
        failure(admin.client.service('roles').create({ name: '', permissions: [] })),
        failure(admin.client.service('roles').create({ name: 'Administrator', permissions: [] })),
        failure(admin.client.service('force-logout').create(malformed({ unexpected: true })))
      ])
      expect(errors.map((error) => error.name)).toEqual(['NotFound', 'BadRequest', 'NotAuthenticated', 'BadRequest', 'Conflict', 'BadRequest'])
      for (const error of errors) expect(error.data?.code).toEqual(expect.any(String))
    })

    it('refuses methods a service does not offer', async () => {
      const socket = server.rawSocket()
      await connected(socket)
      expect((await emitWithAck(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: admin.auth.accessToken }, {})).error).toBeNull()
      // profile refuses update (a replacement of one's own record): answered, nothing changes.
      const replace = await emitWithAck(socket, 'update', 'profile', 'me', { first_name: 'Replaced' }, {})
      expect(replace.error?.name).toBe('MethodNotAllowed')
      const patchSession = await emitWithAck(socket, 'patch', 'sessions', admin.auth.sessionId, { endedAt: null }, {})
      expect(patchSession.error?.name).toBe('MethodNotAllowed')
      expect((await server.db('users').where({ _id: admin.auth.user._id }).first()).first_name).not.toBe('Replaced')
    })

    it('turns a database failure into a GeneralError that leaks no SQL', async () => {
      const service = server.app.service('specialty')
      const spy = jest.spyOn(service, 'createQuery').mockImplementation(() => server.db('no_such_table').select('secret_column'))
      try {
        const error = await failure(admin.client.service('specialty').find())
        expect(error.name).toBe('GeneralError')
        expect(error.code).toBe(500)
        expect(error.message).toBe('Oops.. Something Went Wrong..')
        expect(error.data?.code).toBe('something-went-wrong')
        const sent = JSON.stringify(error)
        for (const leak of ['select', 'no_such_table', 'secret_column', 'SQLITE', 'relation', 'stack']) expect(sent).not.toContain(leak)
      } finally {
        spy.mockRestore()
      }
    })

    it('turns an unexpected exception into a GeneralError without its message', async () => {
      const service = server.app.service('roles')
      const spy = jest.spyOn(service, '_find').mockRejectedValue(new TypeError('Cannot read properties of undefined (reading \'password\') at /srv/clinic/server.ts'))
      try {
        const error = await failure(admin.client.service('roles').find())
        expect(error.name).toBe('GeneralError')
        expect(error.message).toBe('Oops.. Something Went Wrong..')
        expect(JSON.stringify(error)).not.toMatch(/password|\/srv|TypeError/)
      } finally {
        spy.mockRestore()
      }
    })
  })

  describe('every call gets an answer', () => {
    const standardMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
    const someId = '01a1fd2e-80ce-71b8-ad91-b74aef45f1b6'
    /** Arguments after the path, as the Feathers client sends them. */
    const argsFor = (method: string): unknown[] => {
      if (method === 'find') return [{}]
      if (method === 'create') return [{ name: 'x' }, {}]
      if (method === 'update' || method === 'patch') return [someId, { name: 'x' }, {}]
      return [someId, {}]
    }

    /** Emits a call and requires an answer within one second (the bug: none ever came). */
    async function answerWithin1s(socket: Socket, method: string, path: unknown, args: unknown[]): Promise<string> {
      const started = Date.now()
      const answer = await new Promise<Ack | 'no answer'>((resolve) => {
        const timer = setTimeout(() => resolve('no answer'), 1000)
        socket.emit(method, path, ...args, (error: Ack['error'], result: unknown) => {
          clearTimeout(timer)
          resolve({ error, result })
        })
      })
      if (answer === 'no answer') return `${method} ${path}: no answer within 1 s`
      expect(Date.now() - started).toBeLessThan(1000)
      const error = answer.error as { name?: string; code?: number; className?: string; message?: string; data?: { code?: string } } | null
      // The spec's error shape, as every other error the server sends.
      return `${method} ${path}: ${error?.name} ${error?.code} ${error?.className} ${typeof error?.message === 'string' && error.message.length > 0} ${error?.data?.code}`
    }

    const callers = [
      ['anonymous', async () => {
        const socket = server.rawSocket()
        await connected(socket)
        return socket
      }],
      ['signed in', async () => {
        const socket = server.rawSocket()
        await connected(socket)
        expect((await emitWithAck(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: admin.auth.accessToken }, {})).error).toBeNull()
        return socket
      }]
    ] as const

    describe.each(callers)('%s', (_who, open) => {
      it('answers NotFound for every method of a service that does not exist', async () => {
        const socket = await open()
        const answers: string[] = []
        for (const method of [...standardMethods, 'frobnicate']) answers.push(await answerWithin1s(socket, method, 'no-such-service', argsFor(method)))
        expect(answers).toEqual([...standardMethods, 'frobnicate'].map((method) => `${method} no-such-service: NotFound 404 not-found true not-found`))
        // Not a string where the path goes: no service either.
        expect(await answerWithin1s(socket, 'update', { not: 'a path' }, [someId, {}, {}])).toBe('update [object Object]: NotFound 404 not-found true not-found')
        socket.disconnect()
      })

      it('answers MethodNotAllowed for a standard method a service does not offer', async () => {
        const socket = await open()
        const answers = [
          await answerWithin1s(socket, 'update', 'sessions', argsFor('update')),
          await answerWithin1s(socket, 'update', 'appointment', argsFor('update')),
          await answerWithin1s(socket, 'remove', 'my-company', ['mine', {}]),
          await answerWithin1s(socket, 'create', 'permissions', argsFor('create')),
          await answerWithin1s(socket, 'patch', 'user-activities', argsFor('patch'))
        ]
        expect(answers.map((answer) => answer.replace(/^\S+ \S+: /, ''))).toEqual(Array(5).fill('MethodNotAllowed 405 method-not-allowed true invalid-request'))
        socket.disconnect()
      })

      it('answers MethodNotAllowed for a custom method name no service offers', async () => {
        const socket = await open()
        const answers = [
          await answerWithin1s(socket, 'frobnicate', 'customers', [someId, {}]),
          await answerWithin1s(socket, 'setup', 'users', [{}]),
          await answerWithin1s(socket, 'x'.repeat(500), 'roles', [{}])
        ]
        expect(answers.map((answer) => answer.replace(/^\S+ \S+: /, ''))).toEqual(Array(3).fill('MethodNotAllowed 405 method-not-allowed true invalid-request'))
        const long = await emitWithAck(socket, 'x'.repeat(500), 'roles', {})
        expect(long.error?.message?.length).toBeLessThan(100)
        await serverStillAnswers()
        socket.disconnect()
      })
    })
  })

  it('answers the health check with {status: "ok"}', async () => {
    const response = await fetch(`${server.url}/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })
})
