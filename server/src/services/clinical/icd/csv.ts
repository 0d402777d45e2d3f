/**
 * A small CSV reader for the code and complaint imports (RFC 4180: fields in double quotes may
 * hold commas, line breaks and doubled quotes). The separator is a comma, or a semicolon when the
 * header line has one and no comma (what spreadsheets in ru and fi locales save). Each row
 * carries the line number where it starts, for error messages.
 */
export interface CsvRow {
  line: number
  fields: string[]
}

export function parseCsv(text: string): CsvRow[] {
  const source = text.replace(/^\uFEFF/, '')
  const firstLine = source.split(/\r?\n/, 1)[0] ?? ''
  const separator = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ','
  const rows: CsvRow[] = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let rowLine = 1
  const endRow = () => {
    fields.push(field)
    if (fields.some((value) => value.trim() !== '')) rows.push({ line: rowLine, fields })
    fields = []
    field = ''
  }
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"'
        index += 1
      } else if (char === '"') quoted = false
      else {
        if (char === '\n') line += 1
        field += char
      }
      continue
    }
    if (char === '"' && field.trim() === '') {
      field = ''
      quoted = true
    } else if (char === separator) {
      fields.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1
      endRow()
      line += 1
      rowLine = line
    } else field += char
  }
  if (field !== '' || fields.length > 0) endRow()
  return rows
}

/** One problem of an import, shown to the person as "line N: <message>". */
export interface ImportProblem {
  line: number
  /** A message code (domain/messages.ts) the screen translates. */
  code: string
  /** The column the problem is in, when it is one column's. */
  column?: string
}

/** The most problems an answer lists (a wrong file would otherwise list every line). */
export const MAX_LISTED_PROBLEMS = 50
/** The most lines one import takes. */
export const MAX_IMPORT_LINES = 2000
/** The longest file accepted, in characters. */
export const MAX_IMPORT_CHARS = 1_000_000

/** The header's columns by name (lower-cased, trimmed), for reading rows by column name. */
export function columnIndex(header: string[]): Map<string, number> {
  return new Map(header.map((name, index) => [name.trim().toLowerCase(), index]))
}
