import { BadRequest } from '@feathersjs/errors'
import { clinicError } from '../../../errors'
import { MAX_TITLE } from './titles.schema'
import { titleLanguages, type Titles } from '../../../../../domain/clinical/codes/titles'
import { MAX_IMPORT_LINES, MAX_LISTED_PROBLEMS, columnIndex, parseCsv, type CsvRow, type ImportProblem } from './csv'

/** A data line of an import with its columns by name (header names lower-cased). */
export interface ImportLine {
  line: number
  get: (column: string) => string
}

/**
 * The data lines of an import file, read by the header's column names. Refuses at once (nothing
 * is read further) a file without lines, with more than MAX_IMPORT_LINES, or whose header lacks a
 * required column or (when the lines carry titles) every title column.
 */
export function importLines(csv: string, required: readonly string[], { titles = true }: { titles?: boolean } = {}): ImportLine[] {
  const rows = parseCsv(csv)
  if (rows.length < 2) throw clinicError(BadRequest, 'import-empty', 'csv')
  if (rows.length - 1 > MAX_IMPORT_LINES) throw clinicError(BadRequest, 'import-too-large', 'csv')
  const [header, ...data] = rows as [CsvRow, ...CsvRow[]]
  const columns = columnIndex(header.fields)
  const missing = required.filter((name) => !columns.has(name))
  if (titles && !titleLanguages.some((language) => columns.has(language))) missing.push(titleLanguages.join('|'))
  if (missing.length > 0) throw importInvalid(missing.map((column) => ({ line: header.line, code: 'field-required', column })))
  return data.map((row) => ({ line: row.line, get: (column: string) => (row.fields[columns.get(column) ?? -1] ?? '').trim() }))
}

/** The titles of a line; a problem for a title too long or for no title at all. */
export function lineTitles(line: ImportLine, problems: ImportProblem[]): Titles | null {
  const titles: Titles = {}
  for (const language of titleLanguages) {
    const title = line.get(language)
    if (title.length > MAX_TITLE) problems.push({ line: line.line, code: 'invalid-request', column: language })
    else if (title) titles[language] = title
  }
  if (Object.keys(titles).length === 0) {
    problems.push({ line: line.line, code: 'title-required', column: titleLanguages.join('|') })
    return null
  }
  return titles
}

/** The answer to a file with problems: nothing written, the first problems listed by line. */
export function importInvalid(problems: ImportProblem[]) {
  return clinicError(BadRequest, 'import-invalid', 'csv', { problems: problems.slice(0, MAX_LISTED_PROBLEMS), problemCount: problems.length })
}
