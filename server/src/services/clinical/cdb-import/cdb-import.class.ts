import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { newId, now } from '../../../hooks/ids'
import { icdKeyOf } from '../../../../../domain/clinical/codes/complaints'
import { searchTextOf } from '../../../../../domain/clinical/codes/titles'
import { CDB_TABLE } from '../cdb/cdb.class'
import { MAX_COMPLAINT_CODES } from '../cdb/cdb.shared'
import { normalCode, visibleCodes } from '../icd/icd-rules'
import { importInvalid, importLines, lineTitles } from '../icd/import-lines'
import type { ImportProblem } from '../icd/csv'
import type { CsvImportData, CsvImportResult } from '../icd-import/icd-import.schema'

export type CdbImportData = CsvImportData
export type CdbImportResult = CsvImportResult

/** Reads every line, lists every problem, writes only a file without any (one transaction). */
export class CdbImportService {
  constructor(private readonly app: Application) {}

  async create(data: CdbImportData, params: Params = {}): Promise<CdbImportResult> {
    const identity = params.identity!
    const db = dbOf(this.app, params)
    const lines = importLines(data.csv, [])
    const known = new Set(((await visibleCodes(db, identity.user.companyId, 'ICD-10').select('code')) as Array<{ code: string }>).map((row) => row.code))
    const problems: ImportProblem[] = []
    const stamp = now()
    const rows = lines.map((line) => {
      const titles = lineTitles(line, problems)
      const codes = [...new Set(line.get('icd').split(/[\s|;,]+/).filter(Boolean).map(normalCode))]
      if (codes.length > MAX_COMPLAINT_CODES) problems.push({ line: line.line, code: 'invalid-request', column: 'icd' })
      else if (codes.some((code) => !known.has(code))) problems.push({ line: line.line, code: 'icd-code-unknown', column: 'icd' })
      return {
        _id: newId(), companyId: identity.user.companyId, key: null, rank: 0, titles: JSON.stringify(titles ?? {}), icdCodes: JSON.stringify(codes),
        icdKey: icdKeyOf(codes), search: searchTextOf('', titles ?? {}), createdAt: stamp, updatedAt: stamp, createdBy: identity.user._id
      }
    })
    if (problems.length > 0) throw importInvalid(problems)
    for (let start = 0; start < rows.length; start += 100) await db(CDB_TABLE).insert(rows.slice(start, start + 100))
    return { created: rows.length }
  }
}
