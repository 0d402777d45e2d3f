import fs from 'node:fs'
import path from 'node:path'
import { registeredManifests } from '../../../server/src/services/service-manifest'
import { startServer, type TestServer } from '../support/harness'

/**
 * One owner per table (issue 12, item 4). Every table of the migrations is owned by exactly one
 * service (its manifest's `tables`): the only one that writes it and defines its reads. A service
 * of another area that needs those rows calls the owning area's exported read or write function
 * (given the caller's transaction) or its service; it never names the table in SQL. Within an
 * area, services share their tables freely.
 *
 * The few allowances: file (relative to services/) → table → why.
 */
const ALLOWED: Record<string, Record<string, string>> = {
  'identity/profile/profile.class.ts': {
    users:
      "profile is the signed-in member's own row of `users` as a record service (the 'me' id, a narrower patch schema, " +
      "team's row shape): a second door to the team's table rather than a reader of it; moving it would change its path's area"
  }
}

const root = path.join(__dirname, '../../..')
const servicesDir = path.join(root, 'server/src/services')
const migrationsDir = path.join(root, 'server/migrations')
const kebab = (servicePath: string) => servicePath.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
const areas = () => fs.readdirSync(servicesDir).filter((entry) => fs.statSync(path.join(servicesDir, entry)).isDirectory())
/** A service's area: its folder is services/<area>/<name>. */
const areaOf = (servicePath: string) => areas().find((area) => fs.existsSync(path.join(servicesDir, area, kebab(servicePath))))

/** Every .ts file under a folder. */
function sourcesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) return sourcesUnder(full)
    return entry.name.endsWith('.ts') ? [full] : []
  })
}

/** The tables the migrations create. */
function migrationTables(): string[] {
  const tables = new Set<string>()
  for (const file of fs.readdirSync(migrationsDir).filter((name) => name.endsWith('.ts'))) {
    const text = fs.readFileSync(path.join(migrationsDir, file), 'utf8')
    for (const match of text.matchAll(/createTable\(\s*'([a-z_]+)'/g)) tables.add(match[1])
    // Tables made by a helper (`createTable(name, ...)` over a list) are also dropped by name.
    for (const match of text.matchAll(/for \(const table of \[([^\]]*)\]\) await db\.schema\.dropTableIfExists/g))
      for (const name of match[1].matchAll(/'([a-z_]+)'/g)) tables.add(name[1])
  }
  return [...tables].sort()
}

/** `X_TABLE = 'x'` constants anywhere in the server's source. */
function tableConstants(): Map<string, string> {
  const constants = new Map<string, string>()
  for (const file of sourcesUnder(path.join(root, 'server/src'))) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/\b([A-Z][A-Z0-9_]*_TABLE)\s*=\s*'([a-z_]+)'/g)) constants.set(match[1], match[2])
  }
  return constants
}

/** The tables a source file names in SQL. */
function tablesNamedIn(text: string, tables: ReadonlySet<string>, constants: ReadonlyMap<string, string>): Set<string> {
  const named = new Set<string>()
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')
  const patterns = [
    // db('x'), trx('x'), knex('x'), dbOf(app, params)('x'), this.knexOf(params)('x'), app.get('db')('x')
    /(?:\b\w*(?:db|Db|trx|Trx|knex|Knex)|\))\(\s*'([a-z_]+)'/g,
    // .from('x'), .join('x', ...), .leftJoin('x', ...), .table('x'), .into('x'), .update('x')
    /\.(?:from|into|table|\w*[jJ]oin|update|del|delete)\(\s*'([a-z_]+)'/g,
    // raw SQL: from "x", join x, update "x", into "x"
    /\b(?:from|join|update|into)\s+"?([a-z_]+)"?/gi,
    // recordOptions(app, 'x')
    /recordOptions\(\s*\w+\s*,\s*'([a-z_]+)'/g,
    // 'x.column' in a join or a where over a joined table
    /'([a-z_]+)\.[A-Za-z_*]+'/g
  ]
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) if (tables.has(match[1])) named.add(match[1])
  for (const [constant, table] of constants) if (new RegExp(`\\b${constant}\\b`).test(code) && tables.has(table)) named.add(table)
  return named
}

describe('the SQL scan', () => {
  const tables = new Set(['users', 'roles', 'companies', 'sessions', 'notes', 'services', 'work_places'])
  const constants = new Map([['NOTES_TABLE', 'notes']])
  it('finds the tables a file names in queries, and not services, references or permissions of the same name', () => {
    const text = [
      "await db('users').where({ email })",
      "await dbOf(app, params)('companies').first('settings')",
      "await this.knexOf(params)('sessions').whereNull('endedAt')",
      "builder.from('services').join('roles', 'roles._id', 'x.roleId')",
      'await trx(NOTES_TABLE).insert(row)',
      "recordOptions(app, 'work_places')",
      "app.service('users').get(id); ref('roles'); standardAccess('services'); trimStrings('notes') // db('sessions')"
    ].join('\n')
    expect([...tablesNamedIn(text, tables, constants)].sort()).toEqual(['companies', 'notes', 'roles', 'services', 'sessions', 'users', 'work_places'])
    expect([...tablesNamedIn("app.service('users').get(id); ref('roles'); callerMay(context, 'notes', 'view')", tables, constants)]).toEqual([])
  })
})

describe('table owners', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer('sqlite')
  })
  afterAll(() => server.stop())

  /** table → the owning services' paths. */
  function owners(): Map<string, string[]> {
    const owned = new Map<string, string[]>()
    for (const [servicePath, manifest] of registeredManifests())
      for (const table of manifest.tables ?? []) owned.set(table, [...(owned.get(table) ?? []), servicePath])
    return owned
  }

  it('gives every table of the migrations exactly one owner, and owners only to tables that exist', () => {
    const owned = owners()
    const tables = migrationTables()
    expect(tables.length).toBeGreaterThan(10)
    const wrong = tables.filter((table) => owned.get(table)?.length !== 1).map((table) => `${table}: ${(owned.get(table) ?? []).join(', ') || 'no owner'}`)
    const unknown = [...owned.keys()].filter((table) => !tables.includes(table))
    expect({ wrong, unknown }).toEqual({ wrong: [], unknown: [] })
  })

  it('lets no service name in SQL a table owned by a service of another area', () => {
    const owned = owners()
    const ownerArea = new Map([...owned].map(([table, paths]) => [table, areaOf(paths[0])]))
    expect([...ownerArea.values()].every(Boolean)).toBe(true)
    const tables = new Set(owned.keys())
    const constants = tableConstants()
    const violations: string[] = []
    for (const area of areas()) {
      for (const file of sourcesUnder(path.join(servicesDir, area))) {
        const relative = path.relative(servicesDir, file)
        const foreign = [...tablesNamedIn(fs.readFileSync(file, 'utf8'), tables, constants)].filter(
          (table) => ownerArea.get(table) !== area && !ALLOWED[relative]?.[table]
        )
        if (foreign.length) violations.push(`${relative}: ${foreign.sort().map((table) => `${table} (${ownerArea.get(table)})`).join(', ')}`)
      }
    }
    expect(violations).toEqual([])
  })

  it('has every service say what it owns (an empty list for one over other services\' tables)', () => {
    const silent = [...registeredManifests()].filter(([, manifest]) => manifest.tables === undefined).map(([servicePath]) => servicePath)
    expect(silent).toEqual([])
  })

  it('writes tables named at run time only within their owner\'s area: trash dependents, and the customer rows a merge moves', () => {
    const owned = owners()
    const areaOfTable = (table: string) => areaOf(owned.get(table)?.[0] ?? '')
    const foreign: string[] = []
    for (const [servicePath, manifest] of registeredManifests())
      for (const { table } of manifest.trashDependents ?? []) if (areaOfTable(table) !== areaOf(servicePath)) foreign.push(`${servicePath} trashDependents: ${table}`)
    // A merge moves the rows each owner declares as its customer rows, of its own tables only.
    for (const [servicePath, manifest] of registeredManifests())
      for (const { table } of manifest.customerRows ?? []) if (areaOfTable(table) !== areaOf(servicePath)) foreign.push(`${servicePath} customerRows: ${table}`)
    expect(foreign).toEqual([])
  })

  it('lists only allowances that are still needed', () => {
    const tables = new Set(owners().keys())
    const constants = tableConstants()
    const stale = Object.entries(ALLOWED).flatMap(([relative, allowed]) => {
      const file = path.join(servicesDir, relative)
      const named = fs.existsSync(file) ? tablesNamedIn(fs.readFileSync(file, 'utf8'), tables, constants) : new Set<string>()
      return Object.keys(allowed).filter((table) => !named.has(table)).map((table) => `${relative}: ${table}`)
    })
    expect(stale).toEqual([])
  })
})
