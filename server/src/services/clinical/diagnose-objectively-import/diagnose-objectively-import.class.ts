import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { conditionCodes } from '../../../../../domain/clinical/conditions'
import { seedCompanyCopy } from '../shipped-entries'
import { shippedToothFindings } from '../diagnose-objectively/diagnose-objectively-shipped'
import { diagnoseObjectivelyPath } from '../diagnose-objectively/diagnose-objectively.shared'
import { normalCode, visibleCodes } from '../icd/icd-rules'
import { importInvalid, importLines } from '../icd/import-lines'
import type { ImportProblem } from '../icd/csv'
import type { CsvImportData, CsvImportResult } from '../icd-import/icd-import.schema'
import { entryNameKeys, firstFreeRank, insertInChunks, lineName, nameKey, ownEntryRow, storedEntries } from '../dictionary-import'

export type DiagnoseObjectivelyImportData = CsvImportData
export type DiagnoseObjectivelyImportResult = CsvImportResult

const TABLE = 'tooth_findings'

/** A condition code as the chart writes it ("pl" is Pl); null for a blank cell, undefined when unknown. */
function conditionOf(text: string): string | null | undefined {
  if (!text) return null
  return conditionCodes.find((code) => code.toLowerCase() === text.toLowerCase())
}

/**
 * Adds the company's own tooth findings from a CSV file (columns `name`, optional `condition`:
 * a chart condition code, and `icd`: one ICD-10 code the company has): all or nothing, a name the
 * list holds (own or shipped, any language) or the file repeats being a problem.
 */
export class DiagnoseObjectivelyImportService {
  constructor(private readonly app: Application) {}

  async create(data: DiagnoseObjectivelyImportData, params: Params = {}): Promise<DiagnoseObjectivelyImportResult> {
    const { companyId, _id: userId } = params.identity!.user
    const db = dbOf(this.app, params)
    const lines = importLines(data.csv, ['name'], { titles: false })
    await seedCompanyCopy(this.app, params, companyId, TABLE, diagnoseObjectivelyPath, shippedToothFindings)
    const taken = new Set((await storedEntries(db, TABLE, companyId)).flatMap(entryNameKeys))
    const knownCodes = new Set(((await visibleCodes(db, companyId, 'ICD-10').select('code')) as Array<{ code: string }>).map((row) => row.code))
    const problems: ImportProblem[] = []
    let rank = await firstFreeRank(db, TABLE, companyId)
    const rows = []
    for (const line of lines) {
      const name = lineName(line, problems)
      const conditionCode = conditionOf(line.get('condition'))
      const icdCode = line.get('icd') ? normalCode(line.get('icd')) : null
      if (conditionCode === undefined) problems.push({ line: line.line, code: 'invalid-request', column: 'condition' })
      if (icdCode !== null && !knownCodes.has(icdCode)) problems.push({ line: line.line, code: 'icd-code-unknown', column: 'icd' })
      if (name === null) continue
      if (taken.has(nameKey(name))) problems.push({ line: line.line, code: 'conflict', column: 'name' })
      taken.add(nameKey(name))
      rows.push(ownEntryRow(companyId, userId, name, rank++, { conditionCode: conditionCode ?? null, icdCode }))
    }
    if (problems.length > 0) throw importInvalid(problems)
    await insertInChunks(db, TABLE, rows)
    return { created: rows.length }
  }
}
