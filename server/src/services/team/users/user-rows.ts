import type { Knex } from 'knex'
import type { StaffSchedule } from '../../../../../domain/schedule/working-hours'
import { RowCodec } from '../../row-codec'

/**
 * The team's reads and writes for other areas (the users service owns `users`): signing in,
 * password changes, the role and company screens, booking checks and registration use these,
 * never the table. Each takes the caller's database handle (`dbOf(app, params)`, a transaction,
 * or the database for a read with no call around it). Rows come as stored (not decoded).
 */

/** The member with this (normalised) e-mail, with the columns asked for; `activeOnly`: not archived. */
export async function userWithEmail<Row extends object>(db: Knex, email: string, columns: ReadonlyArray<keyof Row & string>, { activeOnly = false } = {}): Promise<Row | undefined> {
  const query = db('users').select([...columns]).where({ email })
  if (activeOnly) query.where({ archived: false })
  return query.first()
}

/** Whether a member (of any company) has this (normalised) e-mail. */
export async function emailRegistered(db: Knex, email: string): Promise<boolean> {
  return Boolean(await db('users').where({ email }).first('_id'))
}

/** A member's stored password hashes (the one in use and the one before it). */
export async function userPasswordHashes(db: Knex, userId: string): Promise<{ _id: string; password: string; previousPassword: string | null } | undefined> {
  return db('users').select('_id', 'password', 'previousPassword').where({ _id: userId }).first()
}

/** Stores a member's new password hash, keeping the one it replaces as the previous one. */
export async function replacePasswordHash(trx: Knex, userId: string, change: { password: string; previousPassword: string | null; updatedAt: string }): Promise<void> {
  await trx('users').where({ _id: userId }).update(change)
}

/** Whether any member holds the role. */
export async function roleHeld(db: Knex, roleId: string): Promise<boolean> {
  return Boolean(await db('users').where({ roleId }).first('_id'))
}

/** The role of a member of the company; undefined for an unknown or another company's member. */
export async function memberRoleId(db: Knex, userId: string, companyId: string): Promise<string | undefined> {
  return (await db('users').where({ _id: userId, companyId }).first('roleId'))?.roleId
}

/** How many members the company has (archived ones not counted). */
export async function activeMemberCount(db: Knex, companyId: string): Promise<number> {
  const [row] = await db('users').where({ companyId, archived: false }).count({ total: '_id' })
  return Number(row.total)
}

const scheduleCodec = new RowCodec({ json: ['schedule'], boolean: ['archived'] })

/** A member's working hours ({} when none is set); undefined for an archived member or one not of the company. */
export async function staffSchedule(db: Knex, companyId: string, staffId: string): Promise<StaffSchedule | undefined> {
  const row = await db('users').where({ _id: staffId, companyId }).first('schedule', 'archived')
  if (!row) return undefined
  return staffScheduleOf(scheduleCodec.fromDb<{ schedule: StaffSchedule | null; archived: boolean }>(row))
}

/**
 * staffSchedule as columns of another area's statement (a booking reads its look-ups in one round
 * trip): scalar subqueries of the member's `archived` (null: not of the company) and `schedule`,
 * and how to read them into what staffSchedule answers.
 */
export function staffScheduleColumns(db: Knex, companyId: string, staffId: string) {
  const member = () => db('users').where({ _id: staffId, companyId })
  return {
    archived: member().select('archived'),
    schedule: member().select('schedule'),
    read(archived: unknown, schedule: unknown): StaffSchedule | undefined {
      if (archived === null || archived === undefined) return undefined
      return staffScheduleOf(scheduleCodec.fromDb<{ schedule: StaffSchedule | null; archived: boolean }>({ archived, schedule }))
    }
  }
}

const staffScheduleOf = (user: { schedule: StaffSchedule | null; archived: boolean }) => (user.archived ? undefined : (user.schedule ?? {}))

const branchesCodec = new RowCodec({ json: ['branchIds'] })
const hoursCodec = new RowCodec({ json: ['schedule'] })

/** A member who takes appointments, as the slot search reads them. */
export interface BookableMember {
  _id: string
  branchIds: string[]
  schedule: StaffSchedule | null
}

/**
 * The members of the company who take appointments (`acceptsAppointments`, not archived), with
 * the branches they work in and their working hours: the slot search's doctors, in one read.
 * `staffId`: only that member; `inBranches`: only members working in one of them (filtered
 * here, as `branchIds` is a JSON list: the hours are decoded only for those kept). Sorted by id.
 */
export async function bookableMembers(db: Knex, companyId: string, { staffId, inBranches }: { staffId?: string; inBranches?: readonly string[] | null } = {}): Promise<BookableMember[]> {
  const query = db('users').select('_id', 'branchIds', 'schedule').where({ companyId, archived: false, acceptsAppointments: true }).orderBy('_id')
  if (staffId) query.andWhere({ _id: staffId })
  const wanted = inBranches ? new Set(inBranches) : null
  const members: BookableMember[] = []
  for (const row of (await query) as Array<Record<string, unknown>>) {
    const branchIds = branchesCodec.fromDb<{ branchIds: string[] | null }>({ branchIds: row.branchIds }).branchIds ?? []
    if (wanted && !branchIds.some((branchId) => wanted.has(branchId))) continue
    const { schedule } = hoursCodec.fromDb<{ schedule: StaffSchedule | null }>({ schedule: row.schedule })
    members.push({ _id: String(row._id), branchIds, schedule: schedule ?? {} })
  }
  return members
}

export interface FirstAdministrator {
  _id: string
  companyId: string
  stamp: Record<string, unknown>
  email: string
  passwordHash: string
  first_name: string
  last_name: string
  phone: string
  roleId: string
  branchId: string
  locale: string | null
}

/** Writes a registered company's first member: its owner, an administrator of its main branch (the service makes all others). */
export async function insertFirstAdministrator(trx: Knex, admin: FirstAdministrator): Promise<void> {
  await trx('users').insert({
    _id: admin._id,
    companyId: admin.companyId,
    ...admin.stamp,
    email: admin.email,
    password: admin.passwordHash,
    first_name: admin.first_name.trim(),
    last_name: admin.last_name.trim(),
    middle_name: '',
    phone: admin.phone,
    roleId: admin.roleId,
    branchIds: JSON.stringify([admin.branchId]),
    color: '#1677ff',
    acceptsAppointments: false,
    percentOfRevenue: 0,
    allowLogin: true,
    isOwner: true,
    archived: false,
    balance: 0,
    locale: admin.locale,
    schedule: JSON.stringify({})
  })
}

/** A member's name as patients read it ("Anna Petrova"); '' when not of the company. */
export async function memberDisplayName(db: Knex, companyId: string, userId: string): Promise<string> {
  const row = await db('users').where({ _id: userId, companyId }).first('first_name', 'last_name')
  return row ? `${row.first_name} ${row.last_name}`.trim() : ''
}

/** A member as payouts read them: name, default percent of revenue, branches. */
export interface PayoutMember {
  _id: string
  first_name: string
  last_name: string
  percentOfRevenue: number
  acceptsAppointments: boolean
  branchIds: string[]
}

/** Members of the company (`ids`: only these; else everyone who takes appointments or earned before), sorted by last name. */
export async function payoutMembers(db: Knex, companyId: string, ids: readonly string[] | null): Promise<PayoutMember[]> {
  const query = db('users').select('_id', 'first_name', 'last_name', 'percentOfRevenue', 'acceptsAppointments', 'branchIds').where({ companyId }).orderBy([{ column: 'last_name' }, { column: '_id' }])
  if (ids) query.whereIn('_id', [...ids])
  return ((await query) as Array<Record<string, unknown>>).map((row) => ({
    _id: String(row._id),
    first_name: String(row.first_name ?? ''),
    last_name: String(row.last_name ?? ''),
    percentOfRevenue: Number(row.percentOfRevenue ?? 0),
    acceptsAppointments: Boolean(row.acceptsAppointments),
    branchIds: branchesCodec.fromDb<{ branchIds: string[] | null }>({ branchIds: row.branchIds }).branchIds ?? []
  }))
}

/** Several members' names as patients read them, in one read (ids not of the company are left out). */
export async function memberDisplayNames(db: Knex, companyId: string, userIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  if (userIds.length === 0) return names
  for (const row of await db('users').where({ companyId }).whereIn('_id', [...new Set(userIds)]).select('_id', 'first_name', 'last_name')) names.set(row._id, `${row.first_name} ${row.last_name}`.trim())
  return names
}

const memberCodec = new RowCodec({ json: ['branchIds'] })

/** A member's role and the branches they work in (as stored for them); undefined for an unknown or another company's member. */
export async function memberRoleAndBranches(db: Knex, userId: string, companyId: string): Promise<{ roleId: string; branchIds: string[] } | undefined> {
  const row = await db('users').where({ _id: userId, companyId }).first('roleId', 'branchIds')
  return row ? memberCodec.fromDb<{ roleId: string; branchIds: string[] }>(row) : undefined
}

/** The members who may sign in (not archived, login allowed), with their role, branches and language: candidates for a staff notification. */
export async function activeMembers(db: Knex, companyId: string): Promise<Array<{ _id: string; roleId: string; branchIds: string[]; locale: string | null }>> {
  const rows = (await db('users').where({ companyId, archived: false, allowLogin: true }).select('_id', 'roleId', 'branchIds', 'locale').orderBy('_id')) as Array<Record<string, unknown>>
  return rows.map((row) => ({ ...memberCodec.fromDb<{ _id: string; roleId: string; branchIds: string[] }>(row), locale: (row.locale as string | null) ?? null }))
}

/** A member's own language for texts the server words (a push); null when they chose none. */
export async function memberLocale(db: Knex, companyId: string, userId: string): Promise<string | null> {
  const row = await db('users').where({ _id: userId, companyId }).first('locale')
  return (row?.locale as string | null | undefined) ?? null
}
