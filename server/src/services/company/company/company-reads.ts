import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { RowCodec } from '../../row-codec'
import { companyRowShape } from './company.class'

/**
 * The company's reads for other areas (the company service owns `companies`). Each takes the
 * caller's database handle: `dbOf(app, params)`, a transaction, or the database for a
 * server-made read with no call around it.
 */

const codec = new RowCodec(companyRowShape)

/** The company's settings (its switches); {} for a company that is not there. */
export async function companySettings(db: Knex, companyId: string): Promise<Record<string, unknown>> {
  const row = await db('companies').where({ _id: companyId }).first('settings')
  return row ? (codec.fromDb<{ settings?: Record<string, unknown> }>(row).settings ?? {}) : {}
}

/** The company's settings as a call sees them: the caller's (loaded for the call) when it is their company, else read. */
export async function companySettingsFor(db: Knex, companyId: string, params: Params | undefined): Promise<Record<string, unknown>> {
  const identity = params?.identity
  return identity?.user.companyId === companyId ? identity.company.settings : companySettings(db, companyId)
}

/** The company's time zone, which decides a slot's local day and time; UTC when none. */
export async function companyTimeZone(db: Knex, companyId: string): Promise<string> {
  const row = await db('companies').where({ _id: companyId }).first('timezone')
  return row?.timezone ?? 'UTC'
}

/** The company's time zone as a call sees it: the caller's when it is their company, else read. */
export async function companyTimeZoneFor(db: Knex, companyId: string, params: Params | undefined): Promise<string> {
  const identity = params?.identity
  return identity?.user.companyId === companyId ? identity.company.timezone : companyTimeZone(db, companyId)
}

/** The company's language (for mails to its people); null when none is set. */
export async function companyLocale(db: Knex, companyId: string): Promise<string | null> {
  return (await db('companies').where({ _id: companyId }).first('locale'))?.locale ?? null
}

/** When the company's subscription ends, as stored (null: it does not). The company must exist. */
export async function companySubscriptionEnd(db: Knex, companyId: string): Promise<{ subscriptionEndsAt: unknown }> {
  return db('companies').select('subscriptionEndsAt').where({ _id: companyId }).first()
}

/** The company's name, phone, language and time zone, for messages to its patients. */
export async function companyContact(db: Knex, companyId: string): Promise<{ name: string; phone: string; locale: string; timezone: string } | undefined> {
  return db('companies').where({ _id: companyId }).first('name', 'phone', 'locale', 'timezone')
}

/** The company's currency code (money is minor units of it). */
export async function companyCurrency(db: Knex, companyId: string): Promise<string> {
  return (await db('companies').where({ _id: companyId }).first('currency'))?.currency ?? ''
}
