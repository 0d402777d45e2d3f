/**
 * Converts rows between the API's shape and the two databases' shapes, so that both engines
 * answer alike: JSON columns are text in SQLite; booleans are 0/1 in SQLite; instants are Date
 * objects from PostgreSQL and text from SQLite. The API always speaks JSON values, booleans and
 * ISO-8601 strings.
 */
export interface RowShape {
  json?: readonly string[]
  boolean?: readonly string[]
  instant?: readonly string[]
  /** Columns only the database uses (search helpers): dropped from every row read. */
  hidden?: readonly string[]
}

const BASE_INSTANTS = ['createdAt', 'updatedAt']

type ColumnKind = 'json' | 'boolean' | 'instant' | 'hidden'

export class RowCodec {
  private readonly json: readonly string[]
  private readonly hidden: readonly string[]
  /** Each column's conversion by name, for one pass over a row (rows are read by the thousand). */
  private readonly kinds = new Map<string, ColumnKind>()

  constructor(shape: RowShape = {}) {
    this.hidden = shape.hidden ?? []
    this.json = shape.json ?? []
    for (const key of [...BASE_INSTANTS, ...(shape.instant ?? [])]) this.kinds.set(key, 'instant')
    for (const key of shape.boolean ?? []) this.kinds.set(key, 'boolean')
    for (const key of this.json) this.kinds.set(key, 'json')
    for (const key of this.hidden) this.kinds.set(key, 'hidden')
  }

  toDb<T extends Record<string, unknown>>(data: T): Record<string, unknown> {
    const row: Record<string, unknown> = { ...data }
    for (const key of this.json) if (row[key] !== undefined) row[key] = JSON.stringify(row[key])
    return row
  }

  /** The columns dropped from every row read (see RowShape.hidden). */
  get hiddenColumns(): readonly string[] {
    return this.hidden
  }

  /**
   * `keepHidden`: the whole row, hidden columns included (the trash keeps rows whole). One pass
   * that builds a new object in the row's column order: no copy then delete, which would also
   * turn each row into a slow dictionary object for everything that reads it afterwards.
   */
  fromDb<T>(row: Record<string, unknown>, { keepHidden = false } = {}): T {
    const result: Record<string, unknown> = {}
    for (const key in row) {
      const value = row[key]
      const kind = this.kinds.get(key)
      if (kind === undefined) result[key] = value
      else if (kind === 'hidden') {
        if (keepHidden) result[key] = value
      } else result[key] = convert(kind, value)
    }
    return result as T
  }
}

function convert(kind: Exclude<ColumnKind, 'hidden'>, value: unknown): unknown {
  if (kind === 'json') return typeof value === 'string' ? JSON.parse(value) : value
  if (kind === 'boolean') return typeof value === 'number' ? value === 1 : value
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'string' && value.length === 19) return new Date(`${value.replace(' ', 'T')}Z`).toISOString()
  return value
}
