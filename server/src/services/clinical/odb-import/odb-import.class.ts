import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { MAX_ENTRY_NAME, seedCompanyCopy } from '../shipped-entries'
import { shippedOdb } from '../odb/odb-shipped'
import { odbPath } from '../odb/odb.shared'
import { importInvalid, importLines } from '../icd/import-lines'
import type { ImportProblem } from '../icd/csv'
import type { CsvImportData, CsvImportResult } from '../icd-import/icd-import.schema'
import { entryNameKeys, firstFreeRank, insertInChunks, lineName, nameKey, ownEntryRow, storedEntries } from '../dictionary-import'

export type OdbImportData = CsvImportData
export type OdbImportResult = CsvImportResult

const TABLE = 'odb_entries'

/**
 * Adds the company's own objective findings from a CSV file with columns `part` and `name`: a
 * line names a finding under a part of the examination (an existing part, own or shipped, by its
 * name in any language, or a new part the file brings), or, without a part, a part itself. A
 * name its parent already holds, or that the file repeats there, is a problem; only a file
 * without any is written, parts before their findings.
 */
export class OdbImportService {
  constructor(private readonly app: Application) {}

  async create(data: OdbImportData, params: Params = {}): Promise<OdbImportResult> {
    const { companyId, _id: userId } = params.identity!.user
    const db = dbOf(this.app, params)
    const lines = importLines(data.csv, ['name'], { titles: false })
    await seedCompanyCopy(this.app, params, companyId, TABLE, odbPath, shippedOdb)
    const stored = await storedEntries(db, TABLE, companyId, ['parentId'])
    // The names under each parent ('' for the top level, the parts).
    const namesUnder = new Map<string, Set<string>>()
    const under = (parent: string) => namesUnder.get(parent) ?? namesUnder.set(parent, new Set()).get(parent)!
    for (const entry of stored) for (const key of entryNameKeys(entry)) under(entry.parentId ?? '').add(key)
    const partIds = new Map<string, string>()
    for (const entry of stored) if (!entry.parentId) for (const key of entryNameKeys(entry)) partIds.set(key, entry._id)

    const problems: ImportProblem[] = []
    let rank = await firstFreeRank(db, TABLE, companyId)
    const parts: Array<Record<string, unknown>> = []
    const findings: Array<Record<string, unknown>> = []
    const newPart = (name: string) => {
      const row = ownEntryRow(companyId, userId, name, rank++, { parentId: null })
      parts.push(row)
      partIds.set(nameKey(name), row._id)
      under('').add(nameKey(name))
      return row._id
    }
    for (const line of lines) {
      const name = lineName(line, problems)
      const part = line.get('part').replace(/\s+/g, ' ')
      if (part.length > MAX_ENTRY_NAME) problems.push({ line: line.line, code: 'invalid-request', column: 'part' })
      if (name === null || part.length > MAX_ENTRY_NAME) continue
      if (!part) {
        if (under('').has(nameKey(name))) problems.push({ line: line.line, code: 'conflict', column: 'name' })
        else newPart(name)
        continue
      }
      const parentId = partIds.get(nameKey(part)) ?? newPart(part)
      if (under(parentId).has(nameKey(name))) problems.push({ line: line.line, code: 'conflict', column: 'name' })
      under(parentId).add(nameKey(name))
      findings.push(ownEntryRow(companyId, userId, name, rank++, { parentId }))
    }
    if (problems.length > 0) throw importInvalid(problems)
    await insertInChunks(db, TABLE, [...parts, ...findings])
    return { created: parts.length + findings.length }
  }
}
