import type { Knex } from 'knex'
import { databaseEngine } from '../server/src/db'
import { copyRows } from './pg-copy'
import { newId } from '../server/src/hooks/ids'
import { demoPerson, seededRandom, type DemoPerson } from '../server/src/demo-people'
import { searchColumns } from '../server/src/services/customers/customers/customers.class'

/** What the measurement needs to know about the generated customers: a sample to search for. */
export interface Generated {
  sample: DemoPerson[]
}

const COLUMNS = [
  '_id', 'companyId', 'branchId', 'createdAt', 'updatedAt', 'createdBy', 'first_name', 'last_name', 'middle_name', 'gender',
  'birthdate', 'phone', 'email', 'address', 'passportNumber', 'passportIssuer', 'profession', 'blacklisted', 'smsConsent',
  'promoSmsConsent', 'sourceId', 'tagIds', 'serviceLanguage', 'notificationChannels', 'telegramAccount', 'discount', 'balance',
  'debt', 'archived', 'mergedInto', 'color', 'customFields', 'searchFirst', 'searchLast', 'searchMiddle', 'phoneReversed'
] as const

const START = Date.parse('2019-01-01T00:00:00Z')
const SPAN = Date.parse('2026-11-01T00:00:00Z') - START

/** One row as the service would store it (search columns included), values in column order. */
function row(person: DemoPerson, companyId: string, branchIds: string[], random: () => number, sqlite: boolean): unknown[] {
  const createdAt = new Date(START + Math.floor(random() * SPAN)).toISOString()
  const year = 1950 + Math.floor(random() * 60)
  const birthdate = random() < 0.7 ? `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}` : null
  const flag = (value: boolean) => (sqlite ? (value ? 1 : 0) : value)
  const values: Record<(typeof COLUMNS)[number], unknown> = {
    _id: newId(),
    companyId,
    branchId: branchIds[Math.floor(random() * branchIds.length)],
    createdAt,
    updatedAt: createdAt,
    createdBy: null,
    first_name: person.first_name,
    last_name: person.last_name,
    middle_name: person.middle_name,
    gender: person.gender,
    birthdate,
    phone: person.phone,
    email: '',
    address: '',
    passportNumber: '',
    passportIssuer: '',
    profession: '',
    blacklisted: flag(random() < 0.01),
    smsConsent: flag(true),
    promoSmsConsent: flag(false),
    sourceId: null,
    tagIds: '[]',
    serviceLanguage: null,
    notificationChannels: '["sms"]',
    telegramAccount: '',
    discount: 0,
    balance: 0,
    debt: random() < 0.05 ? Math.floor(random() * 1_000_000) * 100 : 0,
    archived: flag(random() < 0.03),
    mergedInto: null,
    color: '#1677ff',
    customFields: '{}',
    ...(searchColumns({ ...person }) as Record<'searchFirst' | 'searchLast' | 'searchMiddle' | 'phoneReversed', string>)
  }
  return COLUMNS.map((column) => values[column])
}

interface SqliteHandle {
  prepare: (sql: string) => { run: (...values: unknown[]) => unknown }
  transaction: (fn: (rows: unknown[][]) => void) => (rows: unknown[][]) => void
}

/**
 * Writes `count` customers of one company, spread over its branches, in large batches: SQLite
 * through one prepared statement per transaction of 100,000 rows, PostgreSQL through one COPY
 * FROM STDIN per 50,000 rows (pg-copy.ts). Keeps a sample of the people written.
 */
export async function generateCustomers(
  db: Knex,
  companyId: string,
  branchIds: string[],
  count: number,
  onProgress: (done: number) => void,
  /** false: only replay the people (the data is there from an earlier --keep run). */
  write = true
): Promise<Generated> {
  const random = seededRandom(20261121)
  const sample: DemoPerson[] = []
  const sqlite = databaseEngine(db) === 'sqlite'
  const batchSize = sqlite ? 100_000 : 50_000
  let insertSqlite: ((rows: unknown[][]) => void) | undefined
  let connection: SqliteHandle | undefined
  if (sqlite && write) {
    connection = (await db.client.acquireConnection()) as SqliteHandle
    const statement = connection.prepare(`insert into customers (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`)
    insertSqlite = connection.transaction((rows: unknown[][]) => {
      for (const values of rows) statement.run(...values)
    })
  }
  try {
    for (let done = 0; done < count; done += batchSize) {
      const rows: unknown[][] = []
      for (let index = done; index < Math.min(count, done + batchSize); index += 1) {
        const person = demoPerson(random)
        if (sample.length < 2000 && index % Math.max(1, Math.floor(count / 2000)) === 0) sample.push(person)
        rows.push(row(person, companyId, branchIds, random, sqlite))
      }
      if (!write) continue
      if (insertSqlite) insertSqlite(rows)
      else await copyRows(db, 'customers', COLUMNS, rows)
      onProgress(Math.min(count, done + batchSize))
    }
  } finally {
    if (connection) await db.client.releaseConnection(connection)
  }
  return { sample }
}
