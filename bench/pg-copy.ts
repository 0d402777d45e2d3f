import pg from 'pg'
import type { Knex } from 'knex'

/**
 * Bulk rows into PostgreSQL with COPY ... FROM STDIN through the pg driver itself (no
 * pg-copy-streams): a query whose copy-in answer sends the whole batch as one chunk of COPY's
 * text format. Used only by the bench dataset; a batch is one statement, so all or nothing.
 */
class CopyIn extends pg.Query {
  constructor(sql: string, private readonly data: Buffer, callback: (error: Error | undefined) => void) {
    super(sql, callback)
  }

  /** The server is ready for the rows: all of them, then the end of the copy. */
  handleCopyInResponse(connection: { sendCopyFromChunk: (chunk: Buffer) => void; endCopyFrom: () => void }) {
    connection.sendCopyFromChunk(this.data)
    connection.endCopyFrom()
  }
}

/** One value in COPY's text format: \N for null, booleans as t/f, the four special characters escaped. */
function field(value: unknown): string {
  if (value === null || value === undefined) return '\\N'
  if (typeof value === 'boolean') return value ? 't' : 'f'
  return String(value).replace(/[\\\t\n\r]/g, (character) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[character]!)
}

/** Writes `rows` (values in `columns` order) into `table` with one COPY on one pooled connection. */
export async function copyRows(db: Knex, table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void> {
  const text = rows.map((values) => values.map(field).join('\t')).join('\n') + '\n'
  const sql = `copy "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) from stdin`
  const connection = (await db.client.acquireConnection()) as pg.Client
  try {
    await new Promise<void>((resolve, reject) => {
      connection.query(new CopyIn(sql, Buffer.from(text), (error) => (error ? reject(error) : resolve())))
    })
  } finally {
    await db.client.releaseConnection(connection)
  }
}
