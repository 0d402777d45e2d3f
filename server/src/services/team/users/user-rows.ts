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
  const user = scheduleCodec.fromDb<{ schedule: StaffSchedule | null; archived: boolean }>(row)
  return user.archived ? undefined : (user.schedule ?? {})
}

/** Writes a new member's row as given (registration's first administrator; the service makes all others). */
export async function insertUserRow(trx: Knex, row: Record<string, unknown>): Promise<void> {
  await trx('users').insert(row)
}
