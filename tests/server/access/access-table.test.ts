import { getServiceOptions } from '@feathersjs/feathers'
import type { Socket } from 'socket.io-client'
import { accessRegistry, type AccessRule } from '../../../server/src/access/access'
import { permissionFlags, permissionResources } from '../../../domain/access/resources'
import { startServer, type SignedIn, type TestServer } from '../support/harness'
import { addMember } from '../support/fixtures'
import { anyService } from '../support/any-service'

/**
 * The reviewed permission table: every external method of every service and what it needs.
 * Rules are written `resource:flag`, `signedIn` or `public`; a method the service declares it
 * refuses (`refuses` in its access() declaration, with the reason) is written `refused`. Spec
 * section 7 promises update on every service: each one either allows it or refuses it.
 *
 * When this test fails because you added a service or changed a permission on purpose, update
 * the table below in the same commit, so the change shows up as a reviewed diff. Never change
 * the table to match code you did not mean to change.
 */
const expectedAccessTable: Record<string, Record<string, string>> = {
  appointment: { find: 'appointment:view', get: 'appointment:view', create: 'appointment:create', update: 'refused', patch: 'appointment:edit', remove: 'appointment:delete' },
  // Read-only: written by the appointment service in its own transaction.
  'appointment-status-history': { find: 'appointment:view', get: 'appointment:view', update: 'refused' },
  // A search for free slots: whoever may book asks it (find only).
  'appointment-slots': { find: 'appointment:create', update: 'refused' },
  // The calendar's range in one compact answer, read through appointment and customers on the caller's behalf (find only).
  'appointment-calendar': { find: 'appointment:view', update: 'refused' },
  authManagement: { create: 'public', update: 'refused' },
  authentication: { create: 'public', update: 'refused', remove: 'public' },
  branches: { find: 'signedIn', get: 'signedIn', create: 'company:create', update: 'company:edit', patch: 'company:edit', remove: 'company:delete' },
  customers: { find: 'customers:view', get: 'customers:view', create: 'customers:create', update: 'customers:edit', patch: 'customers:edit', remove: 'customers:delete' },
  company: { find: 'signedIn', get: 'signedIn', update: 'refused', patch: 'company:edit' },
  fields: { find: 'signedIn', get: 'signedIn', create: 'fields:create', update: 'fields:edit', patch: 'fields:edit', remove: 'fields:delete' },
  'company-registration': { create: 'public', update: 'refused' },
  'customer-cabinet-token': { find: 'customers:view', get: 'customers:view', create: 'customers:edit', update: 'refused', remove: 'customers:edit' },
  'customers-merge': { create: 'customers:delete', update: 'refused' },
  'force-logout': { create: 'force-logout:create', update: 'refused' },
  'health-card': { find: 'exam:view', get: 'exam:view', create: 'exam:create', update: 'refused', patch: 'exam:edit', remove: 'exam:delete' },
  // Perio charts are part of the examination (no perio resource in the spec); only drafts change or go.
  perio: { find: 'exam:view', get: 'exam:view', create: 'exam:create', update: 'refused', patch: 'exam:edit', remove: 'exam:delete' },
  'my-company': { get: 'my-company:view', update: 'refused' },
  // patch: a colleague's working hours and whether they take appointments.
  'my-team': { find: 'my-team:view', get: 'my-team:view', update: 'refused', patch: 'my-team:edit' },
  notes: { find: 'notes:view', get: 'notes:view', create: 'notes:create', update: 'notes:edit', patch: 'notes:edit', remove: 'notes:delete' },
  permissions: { find: 'signedIn', update: 'refused' },
  profile: { get: 'signedIn', update: 'refused', patch: 'signedIn' },
  // The service catalogue and its categories share the spec's `service` resource.
  service: { find: 'service:view', get: 'service:view', create: 'service:create', update: 'service:edit', patch: 'service:edit', remove: 'service:delete' },
  'service-categories': { find: 'service:view', get: 'service:view', create: 'service:create', update: 'service:edit', patch: 'service:edit', remove: 'service:delete' },
  // Clinical codes (issue 14): shipped entries are read-only to all; own entries by the flags.
  icd: { find: 'icd:view', get: 'icd:view', create: 'icd:create', update: 'icd:edit', patch: 'icd:edit', remove: 'icd:delete' },
  'icd-import': { create: 'icd:create', update: 'refused' },
  cdb: { find: 'cdb:view', get: 'cdb:view', create: 'cdb:create', update: 'cdb:edit', patch: 'cdb:edit', remove: 'cdb:delete' },
  'cdb-import': { create: 'cdb:create', update: 'refused' },
  'odb-import': { create: 'odb:create', update: 'refused' },
  'diagnose-objectively-import': { create: 'diagnose-objectively:create', update: 'refused' },
  'manipulations-import': { create: 'manipulations:create', update: 'refused' },
  bundle: { find: 'bundle:view', get: 'bundle:view', create: 'bundle:create', update: 'bundle:edit', patch: 'bundle:edit', remove: 'bundle:delete' },
  // Treatment templates are clinical knowledge like exam presets: the spec names no resource for them.
  'treatment-templates': { find: 'presets:view', get: 'presets:view', create: 'presets:create', update: 'presets:edit', patch: 'presets:edit', remove: 'presets:delete' },
  'time-templates': { find: 'time-templates:view', get: 'time-templates:view', create: 'time-templates:create', update: 'time-templates:edit', patch: 'time-templates:edit', remove: 'time-templates:delete' },
  'work-place': { find: 'work-place:view', get: 'work-place:view', create: 'work-place:create', update: 'work-place:edit', patch: 'work-place:edit', remove: 'work-place:delete' },
  roles: { find: 'roles:view', get: 'roles:view', create: 'roles:create', update: 'roles:edit', patch: 'roles:edit', remove: 'roles:delete' },
  // remove ends a session: one's own with view, anyone's with delete (checked in the service).
  sessions: { find: 'sessions:view', get: 'sessions:view', update: 'refused', remove: 'sessions:view' },
  sources: { find: 'signedIn', get: 'signedIn', create: 'sources:create', update: 'sources:edit', patch: 'sources:edit', remove: 'sources:delete' },
  specialty: { find: 'signedIn', get: 'signedIn', create: 'specialty:create', update: 'specialty:edit', patch: 'specialty:edit', remove: 'specialty:delete' },
  tags: { find: 'signedIn', get: 'signedIn', create: 'tags:create', update: 'tags:edit', patch: 'tags:edit', remove: 'tags:delete' },
  'text-templates': { find: 'text-templates:view', get: 'text-templates:view', create: 'text-templates:create', update: 'text-templates:edit', patch: 'text-templates:edit', remove: 'text-templates:delete' },
  // Items of many services: then the flag on each item's own resource (restore = patch needs create).
  trash: { find: 'signedIn+item:view', get: 'signedIn+item:view', update: 'refused', patch: 'signedIn+item:create', remove: 'signedIn+item:delete' },
  // The activity log: read-only, for those who see the whole company.
  'user-activities': { find: 'company:seeAll', get: 'company:seeAll', update: 'refused' },
  // The waiting list belongs to booking: the appointment permission.
  'waiting-list': { find: 'appointment:view', get: 'appointment:view', create: 'appointment:create', update: 'refused', patch: 'appointment:edit', remove: 'appointment:delete' },
  // Chart events are never changed or deleted: a new event ends a wrong one.
  tooth: { find: 'tooth:view', get: 'tooth:view', create: 'tooth:create', update: 'refused', patch: 'refused', remove: 'refused' },
  // Issue 18's messaging: settings (one row per company), templates, and the outbox read as the log.
  integrations: { find: 'notifications:view', get: 'notifications:view', create: 'refused', update: 'refused', patch: 'notifications:edit', remove: 'refused' },
  'notification-templates': { find: 'notifications:view', get: 'notifications:view', create: 'notifications:create', update: 'refused', patch: 'notifications:edit', remove: 'notifications:delete' },
  communications: { find: 'communications:view', get: 'communications:view', create: 'refused', update: 'refused', patch: 'refused', remove: 'refused' },
  // Broadcasts (issue 18, items 5 and 6): the records, and their preview and per-recipient results.
  dispatch: { find: 'notifications:view', get: 'notifications:view', create: 'notifications:create', update: 'refused', patch: 'notifications:edit', remove: 'notifications:delete' },
  dispatcher: { find: 'notifications:view', get: 'refused', create: 'notifications:view', update: 'refused', patch: 'refused', remove: 'refused' },
  telegram: { find: 'customers:view', get: 'customers:view', create: 'customers:edit', update: 'refused', patch: 'refused', remove: 'customers:edit' },
  'telegram-integration': { create: 'notifications:edit', update: 'refused' },
  'whatsapp-integration': { create: 'notifications:edit', update: 'refused' },
  // Issue 20 (docs/decisions/telephony-onlinepbx.md): the PBX's settings, the call log with click-to-call, the screen pop.
  'onlinepbx-integration': { find: 'onlinepbx-incoming-call:view', get: 'onlinepbx-incoming-call:view', create: 'refused', update: 'refused', patch: 'onlinepbx-incoming-call:edit', remove: 'refused' },
  calls: { find: 'onlinepbx-incoming-call:view', get: 'onlinepbx-incoming-call:view', create: 'onlinepbx-incoming-call:create', update: 'refused', patch: 'refused', remove: 'refused' },
  'onlinepbx-incoming-call': { find: 'onlinepbx-incoming-call:view', get: 'refused', create: 'refused', update: 'refused', patch: 'refused', remove: 'refused' },
  // Treatments done: patched field by field, never replaced whole.
  treatment: { find: 'treatment:view', get: 'treatment:view', create: 'treatment:create', update: 'refused', patch: 'treatment:edit', remove: 'treatment:delete' },
  // Patch carries the actions (present, accept, book a phase: the appointment's own create rule applies too).
  'treatment-plan': { find: 'treatment-plan:view', get: 'treatment-plan:view', create: 'treatment-plan:create', update: 'refused', patch: 'treatment-plan:edit', remove: 'treatment-plan:delete' },
  // The treatment tab in one call: each section under its own service's rule (left out when not readable).
  'treatment-record': { find: 'signedIn', update: 'refused' },
  invoices: { find: 'invoices:view', get: 'invoices:view', create: 'invoices:create', update: 'refused', patch: 'invoices:edit', remove: 'refused' },
  'payment-history': { find: 'payment-history:view', update: 'refused' },
  'invoices-summary': { find: 'invoices-summary:view', update: 'refused' },
  'reports-summary': { find: 'reports-summary:view', update: 'refused' },
  'appointment-reports': { find: 'appointment-reports:view', update: 'refused' },
  'customer-reports': { find: 'customer-reports:view', update: 'refused' },
  'customer-conversion-funnel-reports': { find: 'customer-reports:view', update: 'refused' },
  'payment-reports': { find: 'payment-reports:view', update: 'refused' },
  'balance-reports': { find: 'balance-reports:view', update: 'refused' },
  'service-reports': { find: 'service-reports:view', update: 'refused' },
  toppers: { find: 'toppers:view', update: 'refused' },
  'expense-reports': { find: 'expense-reports:view', update: 'refused' },
  'notification-reports': { find: 'notification-reports:view', update: 'refused' },
  'history-reports': { find: 'reports:view', update: 'refused' },
  'treatment-plan-reports': { find: 'reports:view', update: 'refused' },
  // Large exports: each member their own; the permission is the report's, checked at create and on every page read.
  'report-exports': { find: 'signedIn', get: 'signedIn', create: 'signedIn', update: 'refused', patch: 'refused', remove: 'signedIn' },
  transactions: { find: 'transactions:view', get: 'transactions:view', create: 'transactions:create', update: 'refused', patch: 'transactions:edit', remove: 'refused' },
  exam: { find: 'exam:view', get: 'exam:view', create: 'exam:create', update: 'refused', patch: 'exam:edit', remove: 'exam:delete' },
  // X-rays are clinical: their own resource, findings and events only for roles with xrays view.
  xrays: { find: 'xrays:view', get: 'xrays:view', create: 'xrays:create', update: 'refused', patch: 'xrays:edit', remove: 'xrays:delete' },
  // Issue 14's clinical dictionaries: each its own resource of spec section 6.
  odb: { find: 'odb:view', get: 'odb:view', create: 'odb:create', update: 'odb:edit', patch: 'odb:edit', remove: 'odb:delete' },
  'diagnose-objectively': { find: 'diagnose-objectively:view', get: 'diagnose-objectively:view', create: 'diagnose-objectively:create', update: 'diagnose-objectively:edit', patch: 'diagnose-objectively:edit', remove: 'diagnose-objectively:delete' },
  manipulations: { find: 'manipulations:view', get: 'manipulations:view', create: 'manipulations:create', update: 'manipulations:edit', patch: 'manipulations:edit', remove: 'manipulations:delete' },
  // Guarded by the file's owner (customers, xrays, exam, treatment-plan, expense) in its hooks: media-owner.ts. create only from the upload route.
  media: { find: 'signedIn', get: 'signedIn', create: 'signedIn', update: 'refused', patch: 'signedIn', remove: 'signedIn' },
  'media-summary': { find: 'media-summary:view', update: 'refused' },
  // Issue 17's documents: a printed document is kept as printed (no removal; the one change withdraws a request for a signature); the
  // templates are the company's settings, read by everyone who prints; a preview keeps nothing.
  documents: { find: 'documents:view', get: 'documents:view', create: 'documents:create', update: 'refused', patch: 'documents:create', remove: 'refused' },
  // Signing on a tablet: withdrawing a request (documents patch) and signing need the right to print; a signature is kept as given.
  'document-signatures': { find: 'documents:view', get: 'documents:view', create: 'documents:create', update: 'refused', patch: 'refused', remove: 'refused' },
  'print-templates': { find: 'documents:view', get: 'documents:view', create: 'company:edit', update: 'refused', patch: 'company:edit', remove: 'company:edit' },
  'document-previews': { find: 'refused', get: 'refused', create: 'company:edit', update: 'refused', patch: 'refused', remove: 'refused' },
  presets: { find: 'presets:view', get: 'presets:view', create: 'presets:create', update: 'presets:edit', patch: 'presets:edit', remove: 'presets:delete' },
  users: { find: 'users:view', get: 'users:view', create: 'users:create', update: 'users:edit', patch: 'users:edit', remove: 'users:delete' },
  // Issue 16's cash desk: the list of visits waiting and a patient's cart with its checkout.
  cart: { get: 'cart:view', create: 'cart:create', update: 'refused' },
  'pos-cart': { find: 'cart:view', update: 'refused' },
  // Issue 17's tasks and reminders.
  tasks: { find: 'tasks:view', get: 'tasks:view', create: 'tasks:create', update: 'tasks:edit', patch: 'tasks:edit', remove: 'tasks:delete' },
  // Issue 16's expenses: corrected field by field, like X-rays.
  expense: { find: 'expense:view', get: 'expense:view', create: 'expense:create', update: 'refused', patch: 'expense:edit', remove: 'expense:delete' },
  // Issue 16's payouts: one's own statement needs no permission (the service checks balance-reports
  // for another's); payouts, closes and rules need balance-reports; nothing is removed or replaced.
  'user-balance-history': { find: 'signedIn', get: 'signedIn', create: 'balance-reports:create', update: 'refused', patch: 'balance-reports:edit', remove: 'refused' },
  'user-balance-reports': { find: 'balance-reports:view', update: 'refused' },
  // Issue 16's cash desk: shifts change only by movements and the close (patch); a Z-report is never deleted.
  'z-payments': { find: 'payments:view', get: 'payments:view', create: 'payments:create', update: 'refused', patch: 'payments:edit', remove: 'refused' },
  // Issue 16's online payments: merchant accounts (payments) and invoices' pay links (invoices).
  'online-payments': { find: 'payments:view', get: 'invoices:view', create: 'refused', update: 'refused', patch: 'payments:edit', remove: 'refused' },
  // Issue 18's staff notifications: made by the server only; the company's read them with
  // `notification`, each member their own (read marks included) with `my-notifications`, and
  // their browsers' Web Push with `push-notifications`.
  notification: { find: 'notification:view', get: 'notification:view', create: 'refused', update: 'refused', patch: 'refused', remove: 'refused' },
  'my-notifications': { find: 'my-notifications:view', get: 'my-notifications:view', create: 'refused', update: 'refused', patch: 'my-notifications:view', remove: 'refused' },
  // The patients' conversations (issue 18, item 7): reading and the shared read marker with
  // `communications: view`, a reply with `communications: create`.
  'customer-chat-messages': { find: 'communications:view', get: 'communications:view', create: 'communications:create', update: 'refused', patch: 'communications:view', remove: 'refused' },
  'push-notifications': { find: 'push-notifications:view', get: 'refused', create: 'push-notifications:create', update: 'refused', patch: 'refused', remove: 'push-notifications:delete' }
}

const HOW_TO_UPDATE =
  'The declared permissions changed. If that was intended, update `expectedAccessTable` in ' +
  'tests/server/access/access-table.test.ts to the "received" value below, in the same commit, so the change is reviewed.'

const standardMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const

function describeRule(rule: AccessRule): string {
  if ('public' in rule) return 'public'
  if ('signedIn' in rule) return rule.item ? `signedIn+item:${rule.item}` : 'signedIn'
  return `${rule.resource}:${rule.flag}`
}

/** Every service path with the standard methods it exposes to clients. */
function exposedMethods(server: TestServer): Record<string, string[]> {
  const exposed: Record<string, string[]> = {}
  for (const path of Object.keys(server.app.services).sort()) {
    const service = anyService(server.app, path)
    const { methods } = getServiceOptions(service)
    exposed[path] = standardMethods.filter((method) => (methods ?? []).includes(method) && typeof service[method] === 'function')
  }
  return exposed
}

function emitWithAck(socket: Socket, event: string, ...args: unknown[]): Promise<{ error: { name: string; data?: { code?: string } } | null } | 'no answer'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('no answer'), 500)
    socket.emit(event, ...args, (error: { name: string } | null) => {
      clearTimeout(timer)
      resolve({ error })
    })
  })
}

/** Arguments for a raw call of `method` on `path` (after the path). */
function argsFor(method: string, path: string): unknown[] {
  const id = path === 'company' ? 'mine' : path === 'profile' ? 'me' : '01a1fd2e-80ce-71b8-ad91-b74aef45f1b6'
  if (method === 'find') return [{}]
  if (method === 'create') return [{}, {}]
  if (method === 'patch' || method === 'update') return [id, {}, {}]
  return [id, {}]
}

describe('the access table', () => {
  let server: TestServer
  let admin: SignedIn
  let nobody: SignedIn
  beforeAll(async () => {
    server = await startServer('sqlite')
    admin = await server.registerClinic()
    const empty = await admin.client.service('roles').create({ name: 'No permissions', permissions: [] })
    const { email } = await addMember(admin, { roleId: empty._id })
    nobody = await server.signIn(email)
  })
  afterAll(() => server.stop())

  const signedInSocket = async (person: SignedIn) => {
    const socket = server.rawSocket()
    const answer = await emitWithAck(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: person.auth.accessToken }, {})
    expect(answer).toEqual({ error: null })
    return socket
  }

  it('declares a rule for every external method of every registered service', () => {
    const missing: string[] = []
    for (const [path, methods] of Object.entries(exposedMethods(server))) {
      for (const method of methods) if (!accessRegistry.get(path)?.methods[method as 'find']) missing.push(`${path}.${method}`)
    }
    expect({ methodsWithoutAccessRule: missing }).toEqual({ methodsWithoutAccessRule: [] })
  })

  it('declares no rule for a method a service does not expose (no stale rules)', () => {
    const exposed = exposedMethods(server)
    const stale: string[] = []
    for (const [path, declaration] of accessRegistry) {
      if (!exposed[path]) stale.push(`${path} (not registered)`)
      else for (const method of Object.keys(declaration.methods)) if (!exposed[path].includes(method)) stale.push(`${path}.${method}`)
    }
    expect({ staleRules: stale }).toEqual({ staleRules: [] })
  })

  it('matches the reviewed table', () => {
    const received: Record<string, Record<string, string>> = {}
    for (const [path, methods] of Object.entries(exposedMethods(server))) {
      received[path] = Object.fromEntries(methods.map((method) => {
        const rule = accessRegistry.get(path)?.methods[method as 'find']
        return [method, rule ? describeRule(rule) : 'MISSING']
      }))
      for (const method of Object.keys(accessRegistry.get(path)?.refuses ?? {})) received[path][method] = method in received[path] ? 'EXPOSED BUT REFUSED' : 'refused'
    }
    const sortKeys = (table: Record<string, Record<string, string>>) =>
      Object.fromEntries(Object.keys(table).sort().map((path) => [path, Object.fromEntries(standardMethods.filter((m) => m in table[path]).map((m) => [m, table[path][m]]))]))
    const same = JSON.stringify(sortKeys(received)) === JSON.stringify(sortKeys(expectedAccessTable))
    if (!same) {
      // Shows the whole received table, ready to paste, with the instructions.
      throw new Error(`${HOW_TO_UPDATE}\n\nreceived:\n${JSON.stringify(sortKeys(received), null, 2)}\n\nexpected:\n${JSON.stringify(sortKeys(expectedAccessTable), null, 2)}`)
    }
  })

  it('names only resources and flags of spec section 6', () => {
    for (const [path, declaration] of accessRegistry) {
      for (const [method, rule] of Object.entries(declaration.methods)) {
        if (!rule || !('resource' in rule)) continue
        expect([path, method, (permissionResources as readonly string[]).includes(rule.resource)]).toEqual([path, method, true])
        expect([path, method, (permissionFlags as readonly string[]).includes(rule.flag)]).toEqual([path, method, true])
      }
    }
  })

  it('allows or refuses update on every service, and gives each refusal a reason', () => {
    const exposed = exposedMethods(server)
    const undecided: string[] = []
    for (const path of Object.keys(exposed)) {
      const declaration = accessRegistry.get(path)
      const allowed = exposed[path].includes('update') && Boolean(declaration?.methods.update)
      const reason = declaration?.refuses?.update
      if (allowed === (typeof reason === 'string' && reason.length > 0)) undecided.push(path)
    }
    expect({ undecided }).toEqual({ undecided: [] })
  })

  it('answers MethodNotAllowed at once to update on every service that refuses it, and changes nothing', async () => {
    const socket = await signedInSocket(admin)
    const answers: string[] = []
    for (const [path, declaration] of accessRegistry) {
      if (!declaration.refuses?.update) continue
      const answer = await emitWithAck(socket, 'update', path, ...argsFor('update', path))
      answers.push(`${path}: ${answer === 'no answer' ? answer : `${answer.error?.name} ${answer.error?.data?.code}`}`)
    }
    expect(answers.length).toBeGreaterThan(10)
    expect(answers.filter((answer) => !answer.endsWith('MethodNotAllowed invalid-request'))).toEqual([])
    const before = await server.db('users').where({ _id: admin.auth.user._id }).first()
    expect(await emitWithAck(socket, 'update', 'profile', 'me', { first_name: 'Replaced' }, {})).toMatchObject({ error: { name: 'MethodNotAllowed' } })
    expect((await server.db('users').where({ _id: admin.auth.user._id }).first()).first_name).toBe(before.first_name)
  })

  it('answers MethodNotAllowed for every method a service does not offer', async () => {
    const socket = await signedInSocket(admin)
    const exposed = exposedMethods(server)
    const answers: string[] = []
    for (const [path, methods] of Object.entries(exposed)) {
      for (const method of standardMethods) {
        if (methods.includes(method)) continue
        const answer = await emitWithAck(socket, method, path, ...argsFor(method, path))
        answers.push(`${path}.${method}: ${answer === 'no answer' ? answer : answer.error?.name}`)
      }
    }
    expect(answers.filter((answer) => !answer.endsWith('MethodNotAllowed'))).toEqual([])
    expect(answers.length).toBeGreaterThan(0)
  })

  it('refuses a caller who is not signed in on every method that is not public', async () => {
    const socket = server.rawSocket()
    const wrong: string[] = []
    for (const [path, declaration] of accessRegistry) {
      if (path === 'authentication') continue
      for (const [method, rule] of Object.entries(declaration.methods)) {
        if (!rule || 'public' in rule) continue
        const answer = await emitWithAck(socket, method, path, ...argsFor(method, path))
        const name = answer === 'no answer' ? answer : answer.error?.name
        if (name !== 'NotAuthenticated') wrong.push(`${path}.${method}: ${name}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('refuses a signed-in person whose role lacks the permission, on every permission-guarded method', async () => {
    const socket = await signedInSocket(nobody)
    const wrong: string[] = []
    for (const [path, declaration] of accessRegistry) {
      for (const [method, rule] of Object.entries(declaration.methods)) {
        if (!rule || !('resource' in rule)) continue
        const answer = await emitWithAck(socket, method, path, ...argsFor(method, path))
        const error = answer === 'no answer' ? null : answer.error
        if (error?.name !== 'Forbidden' || error.data?.code !== 'forbidden') wrong.push(`${path}.${method}: ${error?.name ?? answer}`)
      }
    }
    expect(wrong).toEqual([])
  })
})
