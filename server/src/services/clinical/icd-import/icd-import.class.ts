import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { newId, now } from '../../../hooks/ids'
import { icdKindOf } from '../../../../../domain/clinical/codes/icd10-dental'
import { searchTextOf, type Titles } from '../../../../../domain/clinical/codes/titles'
import { ICD_TABLE } from '../icd/icd.class'
import { normalCode, visibleCodes } from '../icd/icd-rules'
import { ICD_CODE_PATTERN } from '../icd/icd.shared'
import { importInvalid, importLines, lineTitles } from '../icd/import-lines'
import type { ImportProblem } from '../icd/csv'
import type { CsvImportData, CsvImportResult } from './icd-import.schema'

export type IcdImportData = CsvImportData
export type IcdImportResult = CsvImportResult

interface Entry {
  line: number
  code: string
  parentCode: string | null
  titles: Titles
}

const codePattern = new RegExp(ICD_CODE_PATTERN)

/**
 * Reads every line first and lists every problem (line, column, what); writes only a file
 * without any, in the call's one transaction, parents before their children.
 */
export class IcdImportService {
  constructor(private readonly app: Application) {}

  async create(data: IcdImportData, params: Params = {}): Promise<IcdImportResult> {
    const companyId = params.identity!.user.companyId
    const db = dbOf(this.app, params)
    const lines = importLines(data.csv, ['code'])
    const existing = new Map(((await visibleCodes(db, companyId, 'ICD-10').select('_id', 'code')) as Array<{ _id: string; code: string }>).map((row) => [row.code, row._id]))
    const problems: ImportProblem[] = []
    const entries = new Map<string, Entry>()
    for (const line of lines) {
      const code = normalCode(line.get('code'))
      const parentCode = line.get('parent') ? normalCode(line.get('parent')) : null
      const titles = lineTitles(line, problems)
      if (!code) problems.push({ line: line.line, code: 'field-required', column: 'code' })
      else if (!codePattern.test(code)) problems.push({ line: line.line, code: 'code-invalid', column: 'code' })
      else if (existing.has(code) || entries.has(code)) problems.push({ line: line.line, code: 'code-taken', column: 'code' })
      else if (titles) entries.set(code, { line: line.line, code, parentCode, titles })
    }
    for (const entry of entries.values()) {
      if (entry.parentCode && !existing.has(entry.parentCode) && !entries.has(entry.parentCode)) problems.push({ line: entry.line, code: 'parent-not-found', column: 'parent' })
      else if (entry.parentCode === entry.code) problems.push({ line: entry.line, code: 'parent-cycle', column: 'parent' })
    }
    if (problems.length > 0) throw importInvalid(problems.sort((a, b) => a.line - b.line))
    const ordered = parentsFirst([...entries.values()], existing, problems)
    if (problems.length > 0) throw importInvalid(problems)
    await this.insert(db, companyId, ordered, existing, params.identity!.user._id)
    return { created: ordered.length }
  }

  private async insert(db: Knex, companyId: string, entries: Entry[], ids: Map<string, string>, createdBy: string) {
    const stamp = now()
    const rows = entries.map((entry) => {
      const _id = newId()
      ids.set(entry.code, _id)
      return {
        _id, companyId, system: 'ICD-10', code: entry.code, kind: icdKindOf(entry.code) ?? 'subcategory',
        parentId: entry.parentCode ? ids.get(entry.parentCode)! : null, titles: JSON.stringify(entry.titles),
        search: searchTextOf(entry.code, entry.titles), createdAt: stamp, updatedAt: stamp, createdBy
      }
    })
    for (let start = 0; start < rows.length; start += 100) await db(ICD_TABLE).insert(rows.slice(start, start + 100))
  }
}

/** The file's entries ordered so a parent comes before its children; a loop is a problem. */
function parentsFirst(entries: Entry[], existing: ReadonlyMap<string, string>, problems: ImportProblem[]): Entry[] {
  const placed = new Set<string>(existing.keys())
  const ordered: Entry[] = []
  let waiting = entries
  while (waiting.length > 0) {
    const ready = waiting.filter((entry) => !entry.parentCode || placed.has(entry.parentCode))
    if (ready.length === 0) {
      for (const entry of waiting) problems.push({ line: entry.line, code: 'parent-cycle', column: 'parent' })
      break
    }
    for (const entry of ready) {
      ordered.push(entry)
      placed.add(entry.code)
    }
    waiting = waiting.filter((entry) => !placed.has(entry.code))
  }
  return ordered
}
