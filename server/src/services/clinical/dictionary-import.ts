import type { Knex } from 'knex'
import { newId, now } from '../../hooks/ids'
import { MAX_RANK } from '../../schema/rank'
import { MAX_ENTRY_NAME, type Titles } from './shipped-entries'
import type { ImportLine } from './icd/import-lines'
import type { ImportProblem } from './icd/csv'

/**
 * What the dictionary imports (odb, diagnose-objectively, manipulations) share: a line's entry
 * name, the names a company's list already holds (its own and the shipped entries' titles in
 * every language, compared case-insensitively) and the row an imported entry becomes.
 */

/** A stored entry as an import compares it. */
export interface StoredEntry {
  _id: string
  name: string
  titles: Titles | null
  parentId?: string | null
}

/** The comparable form of a name: trimmed, lower-cased, inner spaces folded. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase()

/** Every name an entry answers to: its own and, for a shipped one, its title in each language. */
export function entryNameKeys(entry: StoredEntry): string[] {
  return [entry.name, ...Object.values(entry.titles ?? {})].map(nameKey)
}

/** The company's entries of a dictionary (seeded first by the caller). */
export async function storedEntries(db: Knex, table: string, companyId: string, columns: readonly string[] = []): Promise<StoredEntry[]> {
  const rows = (await db(table).where({ companyId }).select('_id', 'name', 'titles', ...columns)) as Array<StoredEntry & { titles: string | Titles | null }>
  return rows.map((row) => ({ ...row, titles: typeof row.titles === 'string' ? (JSON.parse(row.titles) as Titles) : row.titles }))
}

/** The line's name column: required, at most MAX_ENTRY_NAME characters; null with a problem otherwise. */
export function lineName(line: ImportLine, problems: ImportProblem[], column = 'name'): string | null {
  const name = line.get(column).replace(/\s+/g, ' ')
  if (!name) problems.push({ line: line.line, code: 'field-required', column })
  else if (name.length > MAX_ENTRY_NAME) problems.push({ line: line.line, code: 'invalid-request', column })
  else return name
  return null
}

/** The next free rank of a company's list (imported entries go to its end, in file order). */
export async function firstFreeRank(db: Knex, table: string, companyId: string): Promise<number> {
  const [row] = (await db(table).where({ companyId }).max({ rank: 'rank' })) as Array<{ rank: number | string | null }>
  return row?.rank === null || row?.rank === undefined ? 0 : Number(row.rank) + 1
}

/** A company's own entry as stored: no titles, no shipped key, visible. */
export function ownEntryRow(companyId: string, createdBy: string, name: string, rank: number, extra: Record<string, unknown>) {
  const stamp = now()
  return { _id: newId(), companyId, name, titles: null, shippedKey: null, hidden: false, rank: Math.min(rank, MAX_RANK), createdAt: stamp, updatedAt: stamp, createdBy, ...extra }
}

/** Inserts in chunks under SQLite's variable limit, in order (a parent before its children). */
export async function insertInChunks(db: Knex, table: string, rows: ReadonlyArray<Record<string, unknown>>) {
  for (let start = 0; start < rows.length; start += 50) await db(table).insert(rows.slice(start, start + 50))
}
