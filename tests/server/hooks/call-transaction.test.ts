import type { HookContext } from '../../../server/src/declarations'
import { engines, failure, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../support/harness'
import { signedInMember } from '../support/fixtures'

/**
 * Issue 12, item 5: a write, its trash row and its activity-log row commit together or not at
 * all, and events leave only after the commit. The failure is forced after the write (an after
 * hook that throws once the row is in), so without one transaction the row, its trash copy and
 * its log entry would stay and their events would have gone out.
 */
const FAIL = 'Fails after the insert'

/** An after hook that throws for the calls marked with its method: the write before it has happened. */
function failMarked(context: HookContext) {
  const result = context.result as { name?: string } | undefined
  if (result?.name?.startsWith(`${FAIL} ${context.method}`)) throw new Error('forced failure after the write')
}

describe.each(engines)('one transaction per write on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let watcher: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Transactions')
    // A colleague's socket hears the company's tag events (and the trash's).
    watcher = await signedInMember(server, admin, { role: 'administrator' })
    server.app.service('tags').hooks({ after: { create: [failMarked], patch: [failMarked], remove: [failMarked] } })
  })
  afterAll(() => server.stop())

  const logRows = (recordId?: string) => server.db('user_activities').where({ companyId: admin.auth.company._id, service: 'tags', ...(recordId ? { recordId } : {}) })

  it('a create that fails after its insert leaves no row, no log entry and sends no event', async () => {
    const logsBefore = (await logRows()).length
    const heard = receivesEvent(watcher.client, 'tags', 'created', 1000)
    const error = await failure(admin.client.service('tags').create({ name: `${FAIL} create` }))
    expect(error.code).toBe(500)
    expect(await heard).toBe(false)
    expect(await server.db('tags').where({ companyId: admin.auth.company._id, name: `${FAIL} create` })).toEqual([])
    expect(await logRows()).toHaveLength(logsBefore)
    // The next write works and is heard: the failed one held nothing back.
    const next = nextEvent<{ name: string }>(watcher.client, 'tags', 'created')
    const created = await admin.client.service('tags').create({ name: 'Kept' })
    expect((await next).name).toBe('Kept')
    expect(await logRows(created._id)).toHaveLength(1)
  })

  it('a patch that fails after its update leaves the row as it was, no log entry and no event', async () => {
    const tag = await admin.client.service('tags').create({ name: 'Before' })
    const heard = receivesEvent(watcher.client, 'tags', 'patched', 1000)
    await failure(admin.client.service('tags').patch(tag._id, { name: `${FAIL} patch` }))
    expect(await heard).toBe(false)
    expect(await server.db('tags').where({ _id: tag._id }).first()).toMatchObject({ name: 'Before' })
    expect((await logRows(tag._id)).map((row) => row.method)).toEqual(['create'])
  })

  it('a remove that fails after moving the row to the trash keeps the row, writes no trash row and no log entry, and sends no event', async () => {
    const tag = await admin.client.service('tags').create({ name: `${FAIL} remove` })
    const removed = receivesEvent(watcher.client, 'tags', 'removed', 1000)
    const trashed = receivesEvent(watcher.client, 'trash', 'created', 1000)
    await failure(admin.client.service('tags').remove(tag._id))
    expect(await removed).toBe(false)
    expect(await trashed).toBe(false)
    expect(await server.db('tags').where({ _id: tag._id }).first()).toBeDefined()
    expect(await server.db('trash').where({ recordId: tag._id })).toEqual([])
    expect((await logRows(tag._id)).map((row) => row.method)).toEqual(['create'])
  })

  it("a nested call's writes and events wait for the whole call: a member's sessions ended by a failed restriction stay open", async () => {
    const member = await signedInMember(server, admin, { role: 'doctor' })
    // The member's login is switched off (which ends their sessions through the sessions
    // service, a nested call), then the call fails after all of that.
    server.app.service('users').hooks({ after: { patch: [(context: HookContext) => {
      if ((context.data as { allowLogin?: boolean }).allowLogin === false && context.id === member.user._id) throw new Error('forced failure after the write')
    }] } })
    const ended = receivesEvent(watcher.client, 'sessions', 'patched', 1000)
    const patched = receivesEvent(watcher.client, 'users', 'patched', 1000)
    await failure(admin.client.service('users').patch(member.user._id, { allowLogin: false }))
    expect(await ended).toBe(false)
    expect(await patched).toBe(false)
    expect(await server.db('sessions').where({ userId: member.user._id }).whereNull('endedAt')).toHaveLength(1)
    expect(Boolean((await server.db('users').where({ _id: member.user._id }).first()).allowLogin)).toBe(true)
    // Still signed in and working.
    expect((await member.client.service('profile').get('me'))._id).toBe(member.user._id)
  })

  it('a remove that succeeds commits the trash row and the log entry with it, then tells both lists', async () => {
    const tag = await admin.client.service('tags').create({ name: 'Goes to the trash' })
    const removed = nextEvent(watcher.client, 'tags', 'removed')
    const trashed = nextEvent<{ recordId: string }>(watcher.client, 'trash', 'created')
    await admin.client.service('tags').remove(tag._id)
    await removed
    expect((await trashed).recordId).toBe(tag._id)
    expect(await server.db('trash').where({ recordId: tag._id })).toHaveLength(1)
    expect((await logRows(tag._id)).map((row) => row.method).sort()).toEqual(['create', 'remove'])
  })
})
