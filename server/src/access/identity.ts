import type { Knex } from 'knex'
import { statementTemplate } from '../statement-template'
import { NotAuthenticated, Forbidden, PaymentError } from '@feathersjs/errors'
import { hasPermission } from '../../../domain/access/check'
import type { Permission } from '../../../domain/access/resources'
import { clinicError } from '../errors'
import { RowCodec } from '../services/row-codec'
import { databaseEngine } from '../db'
import { singleFlight } from '../single-flight'

/** Who is calling: loaded once per call from the token's session, never from client data. */
export interface Identity {
  user: IdentityUser
  session: { _id: string; userId: string; companyId: string; endedAt: string | null }
  company: { _id: string; name: string; modules: Record<string, boolean>; settings: Record<string, unknown>; subscriptionEndsAt: string | null; timezone: string; currency: string }
  /** `key` names a default role (administrator, director, doctor, finance); null for the company's own. */
  role: { _id: string; name: string; key: string | null; permissions: Permission[] }
  /** Branches this person may work in: all of the company's when the role sees the whole company. */
  branchIds: string[]
}

export interface IdentityUser {
  _id: string
  companyId: string
  email: string
  first_name: string
  last_name: string
  roleId: string
  branchIds: string[]
  allowLogin: boolean
  isOwner: boolean
  archived: boolean
  locale: string | null
  /** Takes appointments: the sidebar offers their own earnings (/my-earnings). */
  acceptsAppointments: boolean
}

const userColumns = ['_id', 'companyId', 'email', 'first_name', 'last_name', 'roleId', 'branchIds', 'allowLogin', 'isOwner', 'archived', 'locale', 'acceptsAppointments']
/** alias -> column of the identity statement; the alias's prefix says which record it belongs to. */
const identityColumns = new Map<string, string>([
  ...['_id', 'userId', 'companyId', 'endedAt'].map((column): [string, string] => [`session_${column}`, `s.${column}`]),
  ...userColumns.map((column): [string, string] => [`user_${column}`, `u.${column}`]),
  ...['_id', 'name', 'modules', 'settings', 'subscriptionEndsAt', 'timezone', 'currency'].map((column): [string, string] => [`company_${column}`, `c.${column}`]),
  ...['_id', 'name', 'key', 'permissions'].map((column): [string, string] => [`role_${column}`, `r.${column}`])
])
const userCodec = new RowCodec({ json: ['branchIds'], boolean: ['allowLogin', 'isOwner', 'archived', 'acceptsAppointments'] })
const companyCodec = new RowCodec({ json: ['modules', 'settings'], instant: ['subscriptionEndsAt'] })
const roleCodec = new RowCodec({ json: ['permissions'] })
const sessionCodec = new RowCodec({ instant: ['endedAt'] })

/** A person whose role may see the whole company works in every branch. */
export function seesWholeCompany(permissions: Permission[]): boolean {
  return hasPermission(permissions, 'company', 'seeAll')
}

/** Alias of the company's branch list in the statement that reads it (see wholeCompanyHint). */
const BRANCHES_ALIAS = 'company_branchIds'

/**
 * Session, person, company and role in one statement, since it runs before every call (four
 * round trips to PostgreSQL cost more than the call's own query did), assembled once
 * (statement-template.ts) because knex assembling this builder took longer than SQLite
 * answering it. The shape `withBranches` also reads the company's open branches (the main branch
 * first), for people whose role sees the whole company.
 */
const identityStatement = statementTemplate<'sessionId' | 'userId', boolean>(String, (db, slot, withBranches) => {
  const columns: Array<string | Knex.Raw> = [...identityColumns.entries()].map(([alias, column]) => `${column} as ${alias}`)
  if (withBranches) {
    // Both engines order inside the aggregate (SQLite since 3.44); the main branch comes first.
    const aggregate = databaseEngine(db) === 'postgres' ? 'json_agg' : 'json_group_array'
    columns.push(
      db.raw(`(select ${aggregate}(b._id order by b.?? desc, b.name, b._id) from branches as b where b.?? = u.?? and b.archived = ?) as ??`, [
        'isMain',
        'companyId',
        'companyId',
        false,
        BRANCHES_ALIAS
      ])
    )
  }
  return db('sessions as s')
    .join('users as u', 'u._id', 's.userId')
    .join('companies as c', 'c._id', 'u.companyId')
    .leftJoin('roles as r', (join) => join.on('r._id', '=', 'u.roleId').andOn('r.companyId', '=', 'u.companyId'))
    .where({ 's._id': slot('sessionId'), 's.userId': slot('userId') })
    .first(columns)
})

/**
 * People whose role saw the whole company at their last call: their next identity read asks for
 * the branch list in the same statement. Only a hint for choosing the statement: whether the
 * role sees the whole company is decided from the role read each call.
 */
const wholeCompanyHint = new Set<string>()
const WHOLE_COMPANY_HINTS_KEPT = 100_000

async function identityRow(db: Knex, sessionId: string, userId: string, withBranches: boolean): Promise<Record<string, unknown> | undefined> {
  return (await identityStatement(db, withBranches, { sessionId, userId }))[0]
}

/**
 * Identity reads in flight, by database, session and person: calls of one session running at
 * the same moment (the person's tabs refreshing on one event, or a connection allowed several
 * calls at once) share one read instead of each making its own. A read is shared only while it
 * runs, so every call still sees the session as it is when the call arrives.
 */
const sharedRead = singleFlight<Identity>()

/**
 * Loads and checks the caller behind a token. Throws when the session was ended, login was
 * disabled or the company's subscription is over, so a revoked token stops working on the very
 * next call, on any server instance.
 */
export function loadIdentity(db: Knex, sessionId: unknown, userId: unknown): Promise<Identity> {
  if (typeof sessionId !== 'string' || typeof userId !== 'string') return Promise.reject(clinicError(NotAuthenticated, 'not-authenticated'))
  return sharedRead(db, `${sessionId}\u0000${userId}`, () => readIdentity(db, sessionId, userId))
}

async function readIdentity(db: Knex, sessionId: string, userId: string, withBranches = wholeCompanyHint.has(userId)): Promise<Identity> {
  const row = await identityRow(db, sessionId, userId, withBranches)
  if (!row) throw clinicError(NotAuthenticated, 'not-authenticated')
  const part = (prefix: string) => Object.fromEntries(Object.entries(row).filter(([alias]) => alias.startsWith(prefix) && alias !== BRANCHES_ALIAS).map(([alias, value]) => [alias.slice(prefix.length), value]))
  const session = sessionCodec.fromDb<Identity['session']>(part('session_'))
  if (session.endedAt) throw clinicError(NotAuthenticated, 'not-authenticated', undefined, { reason: 'session-ended' })
  const user = userCodec.fromDb<IdentityUser>(part('user_'))
  const company = companyCodec.fromDb<Identity['company']>(part('company_'))
  const roleRow = part('role_')
  const role = roleCodec.fromDb<Identity['role']>(roleRow._id ? roleRow : { _id: user.roleId, name: '', key: null, permissions: '[]' })
  assertMayWork(user, company)

  const wholeCompany = seesWholeCompany(role.permissions)
  if (!wholeCompany) {
    wholeCompanyHint.delete(userId)
    return { user, session, company, role, branchIds: user.branchIds }
  }
  if (!withBranches) {
    // The role has just started seeing the whole company: read again with the branch list, once.
    if (wholeCompanyHint.size >= WHOLE_COMPANY_HINTS_KEPT) wholeCompanyHint.clear()
    wholeCompanyHint.add(userId)
    return readIdentity(db, sessionId, userId, true)
  }
  // The main branch first: the first is where a record goes when its branch is not said (branch-scope.ts).
  return { user, session, company, role, branchIds: branchList(row[BRANCHES_ALIAS]) }
}

/** The aggregate's value: a JSON array from PostgreSQL's driver, its text from SQLite; null when no branch is open. */
function branchList(value: unknown): string[] {
  if (value === null || value === undefined) return []
  return (typeof value === 'string' ? JSON.parse(value) : value) as string[]
}

/** The rules that refuse a person at sign-in and on every later call alike. */
export function assertMayWork(user: Pick<IdentityUser, 'allowLogin' | 'archived'>, company: Pick<Identity['company'], 'subscriptionEndsAt'>) {
  if (!user.allowLogin || user.archived) throw clinicError(Forbidden, 'access-restricted')
  if (company.subscriptionEndsAt && Date.parse(company.subscriptionEndsAt) <= Date.now()) {
    throw clinicError(PaymentError, 'account-expired', undefined, { date: company.subscriptionEndsAt })
  }
}
