import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { seedCompanyCopy } from '../shipped-entries'
import { shippedManipulations } from '../manipulations/manipulations-shipped'
import { MAX_MANIPULATION_CODE, MAX_UET, manipulationsPath } from '../manipulations/manipulations.shared'
import { importInvalid, importLines, type ImportLine } from '../icd/import-lines'
import type { ImportProblem } from '../icd/csv'
import type { CsvImportData, CsvImportResult } from '../icd-import/icd-import.schema'
import { entryNameKeys, firstFreeRank, insertInChunks, lineName, nameKey, ownEntryRow, storedEntries } from '../dictionary-import'

export type ManipulationsImportData = CsvImportData
export type ManipulationsImportResult = CsvImportResult

const TABLE = 'manipulations'

/** "1,5" or "1.5" labour units as integer hundredths (150); null for a blank cell, undefined when unreadable. */
export function uetHundredths(text: string): number | null | undefined {
  if (!text) return null
  const match = /^(\d{1,4})(?:[.,](\d{1,2}))?$/.exec(text.replace(/\s/g, ''))
  if (!match) return undefined
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return hundredths <= MAX_UET ? hundredths : undefined
}

function lineColumns(line: ImportLine, problems: ImportProblem[]) {
  const code = line.get('code')
  const uet = uetHundredths(line.get('uet'))
  if (code.length > MAX_MANIPULATION_CODE) problems.push({ line: line.line, code: 'invalid-request', column: 'code' })
  if (uet === undefined) problems.push({ line: line.line, code: 'invalid-request', column: 'uet' })
  return { code: code || null, uet: uet ?? null }
}

/**
 * Adds the company's own manipulations from a CSV file (columns `name`, optional `code` and
 * `uet`): every line is checked first, a name the list already holds (own or shipped, in any
 * language) or that the file repeats is a problem, and only a file without any is written.
 */
export class ManipulationsImportService {
  constructor(private readonly app: Application) {}

  async create(data: ManipulationsImportData, params: Params = {}): Promise<ManipulationsImportResult> {
    const { companyId, _id: userId } = params.identity!.user
    const db = dbOf(this.app, params)
    const lines = importLines(data.csv, ['name'], { titles: false })
    await seedCompanyCopy(this.app, params, companyId, TABLE, manipulationsPath, shippedManipulations)
    const taken = new Set((await storedEntries(db, TABLE, companyId)).flatMap(entryNameKeys))
    const problems: ImportProblem[] = []
    let rank = await firstFreeRank(db, TABLE, companyId)
    const rows = []
    for (const line of lines) {
      const name = lineName(line, problems)
      const columns = lineColumns(line, problems)
      if (name === null) continue
      if (taken.has(nameKey(name))) problems.push({ line: line.line, code: 'conflict', column: 'name' })
      taken.add(nameKey(name))
      rows.push(ownEntryRow(companyId, userId, name, rank++, columns))
    }
    if (problems.length > 0) throw importInvalid(problems)
    await insertInChunks(db, TABLE, rows)
    return { created: rows.length }
  }
}
