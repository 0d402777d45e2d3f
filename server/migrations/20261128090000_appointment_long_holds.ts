import type { Knex } from 'knex'

/**
 * Issue 13 (first free slots at 10,000,000 appointments): the few appointments that hold their
 * doctor or chair longer than four hours (blockedUntil - start, visit plus buffer), in an index
 * of their own. A read of held time over a stretch then looks back four hours for the common
 * visits and the longest hold (24 hours + the 4-hour buffer) only in this small index, instead
 * of reading a day and more of every doctor's visits before each stretch. The condition is
 * computed by the database from the row itself, so no write path can forget it. The same text
 * is in appointment-booking.ts (LONG_HOLD_SQL): a partial index serves only a query that states
 * its condition.
 */
const INDEX = 'appointment_long_holds'
export const LONG_HOLD_CONDITION = {
  pg: `"blockedUntil" - "start" > interval '240 minutes'`,
  sqlite: `unixepoch("blockedUntil") - unixepoch("start") > 14400`
} as const

export async function up(db: Knex): Promise<void> {
  const condition = db.client.config.client === 'pg' ? LONG_HOLD_CONDITION.pg : LONG_HOLD_CONDITION.sqlite
  await db.raw(`create index "${INDEX}" on "appointment" ("companyId", "start") where ${condition}`)
}

export async function down(db: Knex): Promise<void> {
  await db.raw(`drop index "${INDEX}"`)
}
