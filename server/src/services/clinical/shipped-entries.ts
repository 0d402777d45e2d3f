import { BadRequest, NotFound } from '@feathersjs/errors'
import { Type } from '@feathersjs/typebox'
import type { Knex } from 'knex'
import { v5 as uuidv5 } from 'uuid'
import type { HookContext } from '../../declarations'
import { dbOf } from '../../hooks/call-transaction'
import { clinicError } from '../../errors'
import { now } from '../../hooks/ids'
import { RankSchema } from '../../schema/rank'

/**
 * The clinical dictionaries (odb, diagnose-objectively, manipulations) ship default entries in
 * Russian, English and Uzbek beside the company's own (docs/decisions/clinical-dictionaries.md).
 * Each company holds its own copy of the shipped entries, written the first time it lists the
 * dictionary: every row then belongs to one company, so tenancy, references (a preset naming a
 * finding), events and the trash work as for any record. A shipped entry's text is read-only;
 * the company hides one it does not use (`hidden`) and may reorder it (`rank`).
 */

/** A shipped entry's text in the three languages the product ships (fi and ru1 read en and ru). */
export const TitlesSchema = Type.Object(
  { ru: Type.String({ minLength: 1 }), en: Type.String({ minLength: 1 }), uz: Type.String({ minLength: 1 }) },
  { additionalProperties: false }
)
export type Titles = { ru: string; en: string; uz: string }

/** Longest entry text (a finding can be a sentence). */
export const MAX_ENTRY_NAME = 500

/** The columns every dictionary entry has besides the record's own. */
export const shippedEntryProperties = {
  /** The company's own text; for a shipped entry its English text (the titles carry all three). */
  name: Type.String({ minLength: 1, maxLength: MAX_ENTRY_NAME }),
  /** Set by the server for shipped entries only. */
  titles: Type.Union([TitlesSchema, Type.Null()]),
  /** The stable key of a shipped entry (null for the company's own). */
  shippedKey: Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()]),
  /** Hidden entries stay listed in settings but are not offered in an exam. */
  hidden: Type.Boolean(),
  rank: RankSchema
}

/** Fields of a shipped entry a company may still change. */
export const SHIPPED_EDITABLE = ['hidden', 'rank'] as const

/** One shipped entry, before it becomes a company's row. */
export interface ShippedEntry {
  key: string
  titles: Titles
  /** Columns of the service's own (parentId is given as the parent's key). */
  extra?: Record<string, unknown>
  parentKey?: string
}

/**
 * The id of a shipped entry in one company: derived (UUID v5) from the company and the key, so
 * a parent's id is known without reading it and a second seeding writes nothing new.
 */
export function shippedId(companyId: string, service: string, key: string): string {
  return uuidv5(`${service}:${key}`, companyId)
}

/** Rows of a company's copy of the shipped entries, in the order given (which is their rank). */
export function shippedRows(companyId: string, service: string, entries: readonly ShippedEntry[]): Array<Record<string, unknown>> {
  const stamp = now()
  const tree = entries.some((entry) => entry.parentKey)
  return entries.map((entry, index) => ({
    _id: shippedId(companyId, service, entry.key),
    companyId,
    createdAt: stamp,
    updatedAt: stamp,
    createdBy: null,
    name: entry.titles.en,
    titles: JSON.stringify(entry.titles),
    shippedKey: entry.key,
    hidden: false,
    rank: index,
    ...(tree ? { parentId: entry.parentKey ? shippedId(companyId, service, entry.parentKey) : null } : {}),
    ...(entry.extra ?? {})
  }))
}

/** Companies whose copy is known to be written, per database (tests start many). */
const seeded = new WeakMap<Knex, Set<string>>()

/**
 * Writes a company's copy of the shipped entries the first time this process needs it (a key
 * already there is left as the company has it). Rows whose key the company already holds are
 * skipped by the unique (companyId, shippedKey) index. Used before a list and before an import
 * (which matches a file's lines against the shipped entries).
 */
export async function seedCompanyCopy(app: HookContext['app'], params: HookContext['params'], companyId: string, table: string, service: string, entries: readonly ShippedEntry[]) {
  const db: Knex = app.get('db')
  const done = seeded.get(db) ?? new Set<string>()
  seeded.set(db, done)
  const marker = `${table}:${companyId}`
  if (done.has(marker)) return
  const rows = shippedRows(companyId, service, entries)
  // Parents first: a row never points at one not yet written. Chunks stay under SQLite's variable limit.
  for (let start = 0; start < rows.length; start += 50) {
    await dbOf(app, params)(table).insert(rows.slice(start, start + 50)).onConflict(['companyId', 'shippedKey']).ignore()
  }
  done.add(marker)
}

/** Before find: the company's copy of the shipped entries is written (seedCompanyCopy). */
export function seedShippedEntries(table: string, service: string, entries: readonly ShippedEntry[]) {
  return async (context: HookContext) => {
    const companyId = context.params.identity?.user.companyId ?? (context.params.query?.companyId as string | undefined)
    if (typeof companyId !== 'string') return
    await seedCompanyCopy(context.app, context.params, companyId, table, service, entries)
  }
}

/** The stored row the call names, within the caller's company (NotFound otherwise). */
export async function storedEntry(context: HookContext, table: string): Promise<Record<string, unknown>> {
  const companyId = context.params.identity?.user.companyId ?? (context.params.query?.companyId as string | undefined)
  const where: Record<string, unknown> = { _id: context.id }
  if (companyId) where.companyId = companyId
  const row = (await dbOf(context.app, context.params)(table).where(where).first()) as Record<string, unknown> | undefined
  if (!row) throw new NotFound(`No record found for id '${String(context.id)}'`)
  return row
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * Before patch and remove (an update runs as a patch): a shipped entry is not removed, and of
 * its fields only `hidden` and `rank` change, and those the service adds (a field sent with its stored value is no change,
 * so a form saved whole passes).
 */
export function guardShippedEntry(table: string, editable: readonly string[] = SHIPPED_EDITABLE) {
  return async (context: HookContext) => {
    if (!context.params.provider || context.id === null || context.id === undefined) return
    const row = await storedEntry(context, table)
    if (row.shippedKey === null || row.shippedKey === undefined) return
    if (context.method === 'remove') throw clinicError(BadRequest, 'shipped-entry-read-only')
    const data = (context.data ?? {}) as Record<string, unknown>
    for (const [field, value] of Object.entries(data)) {
      if (editable.includes(field)) continue
      if (!sameValue(value, row[field])) throw clinicError(BadRequest, 'shipped-entry-read-only', field)
    }
  }
}

/** Row shape shared by the dictionaries: titles are JSON, hidden a boolean. */
export const shippedEntryRowShape = { json: ['titles'], boolean: ['hidden'] }

