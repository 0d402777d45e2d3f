import type { Knex } from 'knex'
import { newId, now } from '../../../hooks/ids'
import { RowCodec } from '../../row-codec'
import type { Identity } from '../../../access/identity'
import { hidePhones, phonesHiddenFrom } from '../../../access/phone-protection'
import type { RecordScope } from '../../../access/record-scope'

type Row = Record<string, unknown>

/** The table every service's removed records go to. */
export const TRASH_TABLE = 'trash'
export const trashCodec = new RowCodec({ json: ['record'], instant: ['deletedAt'] })

/**
 * How a record service's `remove` treats trash (set with `recordOptions(app, table, { trash })`).
 * By default every record service moves removed rows to trash; `trash: false` deletes for good.
 */
export interface TrashPolicy {
  /** The list's display text for a removed record; by default see `recordTitle`. */
  title?: (record: Row) => string
  /**
   * Columns of this table that must never leave the server, besides `hiddenColumns` below.
   * The trash keeps them (the restore is exact) but never sends them.
   */
  hidden?: readonly string[]
}

/**
 * Columns that never leave the server from any table: password hashes, tokens and their hashes,
 * and the normalised search columns (by convention named `search...`).
 */
export const hiddenColumns: readonly string[] = ['password', 'previousPassword', 'tokenHash', 'token', 'secret']
const isHiddenColumn = (key: string, extra: readonly string[] = []) => hiddenColumns.includes(key) || extra.includes(key) || /^search[A-Z_]/.test(key)

const MAX_TITLE = 500

/**
 * Display text of any record: its name, a person's names or its title; empty for a record
 * without any (a note, a chart entry), which the screens show as such. Never the id: ids are not
 * words and must not reach the interface (issue 13).
 */
export function recordTitle(record: Row): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
  const person = [record.last_name, record.first_name, record.middle_name].map(text).filter(Boolean).join(' ')
  const title = text(record.name) || person || text(record.title)
  return title.slice(0, MAX_TITLE)
}

export interface TrashRow {
  _id: string
  companyId: string
  branchId: string | null
  /** The record's owner under its service's scope (an appointment's doctor), else null. */
  ownerId: string | null
  /** The customer the record follows under its service's scope (a note's), else null. */
  customerId: string | null
  service: string
  recordId: string
  title: string
  record: Row
  deletedBy: string | null
  deletedAt: string
}

/** The trash row for a record just removed from `service`. */
export function trashRowFor(service: string, policy: TrashPolicy, scope: RecordScope, record: Row, idField: string, deletedBy: string | null): TrashRow {
  const owner = scope.owner ? record[scope.owner.field] : null
  const customer = scope.customer ? record[scope.customer.field] : null
  return {
    _id: newId(),
    companyId: String(record.companyId),
    branchId: typeof record.branchId === 'string' ? record.branchId : null,
    ownerId: typeof owner === 'string' ? owner : null,
    customerId: typeof customer === 'string' ? customer : null,
    service,
    recordId: String(record[idField]),
    title: (policy.title?.(record) ?? recordTitle(record)).slice(0, MAX_TITLE),
    record,
    deletedBy,
    deletedAt: now()
  }
}

export async function insertTrashRow(trx: Knex.Transaction, row: TrashRow): Promise<void> {
  await trx(TRASH_TABLE).insert(trashCodec.toDb(row as unknown as Row))
}

/**
 * What a client may see of a removed record: the stored row without hidden columns (the global
 * ones, the service's trash policy's, and its codec's), and with
 * phones blanked where the company protects them from this caller (as the service itself does).
 */
export function clientSnapshot(service: string, record: Row, source: { trash: TrashPolicy | false; codec: RowCodec } | undefined, identity: Identity | undefined): Row {
  const extra = [...(source?.trash ? (source.trash.hidden ?? []) : []), ...(source?.codec.hiddenColumns ?? [])]
  const visible = Object.fromEntries(Object.entries(record ?? {}).filter(([key]) => !isHiddenColumn(key, extra)))
  return phonesHiddenFrom(identity, service) ? hidePhones(service, visible) : visible
}

/** True for a key that may appear in what leaves the server (the activity log uses this too). */
export const mayLeaveServer = (key: string) => !isHiddenColumn(key)

/**
 * The records of one service's items in a company's trash (for a service that must know what a
 * restore could bring back, such as media whose bytes several records may share).
 */
export async function trashedRecordsOf(db: Knex, service: string, companyId: string): Promise<Row[]> {
  const rows = (await db(TRASH_TABLE).where({ companyId, service }).select('record')) as Row[]
  return rows.map((row) => trashCodec.fromDb<{ record: Row }>(row).record)
}
