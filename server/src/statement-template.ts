import type { Knex } from 'knex'
import { createHash } from 'node:crypto'
import { databaseEngine, type DatabaseEngine } from './db'

const SLOT_MARK = '\u0000slot:'
/** The name of a list's item among the values: `slot(name, index)` marks it, listValues fills it. */
const itemName = (name: string, index: number) => `${name}\u0000${index}`
/** Shapes kept per template: lists of many lengths could otherwise grow it without end. */
const SHAPES_KEPT = 500
/**
 * Shapes a template names for PostgreSQL to keep prepared, at most: a connection keeps every
 * statement it prepared, so a template of lists of many lengths runs its rarer shapes unnamed.
 */
const SHAPES_PREPARED = 100

interface Built<Name extends string> {
  sql: string
  /** PostgreSQL: the name it is prepared under on each connection (see preparedName), if any. */
  name: string | undefined
  /** Each binding of the SQL in order: a value the call fills (`slot`), or a constant of the shape. */
  bindings: Array<{ slot: Name } | { value: unknown }>
}

/**
 * A statement run on every call of a hot path (each booking's overlap check), whose shape is
 * fixed but whose values change. knex assembling such a builder took longer than SQLite running
 * it, so it is assembled once per engine and shape (`Shape`: whatever changes the SQL text, such
 * as how many ids a list holds; `keyOf` names it) with a mark in each place a value goes, and then
 * run as the same SQL with the call's values. `build` must pass every value through
 * `slot(name)`: a value written as itself would be kept for every later call of the shape.
 */
export function statementTemplate<Name extends string, Shape>(
  keyOf: (shape: Shape) => string,
  build: (db: Knex, slot: (name: Name, index?: number) => string, shape: Shape) => Knex.QueryBuilder | Knex.Raw
) {
  const built = new Map<string, Built<Name>>()
  const named = new Set<string>()
  const slot = (name: Name, index?: number) => SLOT_MARK + (index === undefined ? name : itemName(name, index))
  const assemble = (db: Knex, engine: DatabaseEngine, shape: Shape): Built<Name> => {
    const key = `${engine}\u0000${keyOf(shape)}`
    let statement = built.get(key)
    if (!statement) {
      const { sql, bindings } = build(db, slot, shape).toSQL()
      const name = preparedName(sql)
      if (named.size < SHAPES_PREPARED) named.add(name)
      statement = {
        sql,
        name: named.has(name) ? name : undefined,
        bindings: bindings.map((value) => (typeof value === 'string' && value.startsWith(SLOT_MARK) ? { slot: value.slice(SLOT_MARK.length) as Name } : { value }))
      }
      if (built.size >= SHAPES_KEPT) built.clear()
      built.set(key, statement)
    }
    return statement
  }
  /** Runs the statement of `shape` with `values` (a list's items as `name\u0000index`); the rows. */
  return async <Row = Record<string, unknown>>(db: Knex, shape: Shape, values: Partial<Record<string, unknown>>): Promise<Row[]> => {
    const engine = databaseEngine(db)
    const { sql, name, bindings } = assemble(db, engine, shape)
    const filled = bindings.map((binding) => {
      if (!('slot' in binding)) return binding.value
      if (!(binding.slot in values)) throw new Error(`statement template: no value for ${binding.slot}`)
      return values[binding.slot]
    })
    const statement = db.raw(sql, filled as Knex.RawBinding[])
    if (engine === 'sqlite') return (await statement) as Row[]
    return (await (name ? statement.options({ name }) : statement)).rows as Row[]
  }
}

/** The values of a list slot: `name\u0000index` for each item, as `slot(name, index)` marks them. */
export function listValues(name: string, items: readonly unknown[]): Record<string, unknown> {
  return Object.fromEntries(items.map((item, index) => [itemName(name, index), item]))
}

/**
 * A name for a statement PostgreSQL keeps prepared on each connection (node-postgres prepares a
 * named query once per connection, then only binds and executes it), so its parsing and planning
 * are not paid on every call, as SQLite's kept statements are not (db.ts). A connection keeps
 * every name it was given, so a template names at most SHAPES_PREPARED shapes. Derived from the
 * text, so two texts never share a name.
 */
export function preparedName(sql: string): string {
  return `t_${createHash('sha1').update(sql).digest('base64url').slice(0, 24)}`
}
