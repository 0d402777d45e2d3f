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

export class RowCodec {
  private readonly json: readonly string[]
  private readonly boolean: readonly string[]
  private readonly instant: readonly string[]
  private readonly hidden: readonly string[]

  constructor(shape: RowShape = {}) {
    this.hidden = shape.hidden ?? []
    this.json = shape.json ?? []
    this.boolean = shape.boolean ?? []
    this.instant = [...BASE_INSTANTS, ...(shape.instant ?? [])]
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

  /** `keepHidden`: the whole row, hidden columns included (the trash keeps rows whole). */
  fromDb<T>(row: Record<string, unknown>, { keepHidden = false } = {}): T {
    const result: Record<string, unknown> = { ...row }
    if (!keepHidden) for (const key of this.hidden) delete result[key]
    for (const key of this.json) {
      if (typeof result[key] === 'string') result[key] = JSON.parse(result[key] as string)
    }
    for (const key of this.boolean) {
      if (typeof result[key] === 'number') result[key] = result[key] === 1
    }
    for (const key of this.instant) {
      const value = result[key]
      if (value instanceof Date) result[key] = value.toISOString()
      else if (typeof value === 'string' && value.length === 19) result[key] = new Date(`${value.replace(' ', 'T')}Z`).toISOString()
    }
    return result as T
  }
}
