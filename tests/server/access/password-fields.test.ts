import fs from 'node:fs'
import path from 'node:path'
import { getServiceOptions } from '@feathersjs/feathers'
import { accessRegistry } from '../../../server/src/access/access'
import { startServer, type TestServer } from '../support/harness'
import { anyService } from '../support/any-service'

/**
 * Rule over every service (issue 11, item 3): a password is written only where its rules are
 * applied. No data or patch schema may accept a field named like a password, except those of
 * the services that take one as typed: signing in (authentication, no schema of its own),
 * registration, the password actions (authManagement), and team members (users: a first
 * password on create; another member's through member-password.ts on patch).
 */
const ALLOWED: Record<string, string[]> = {
  'auth-management': ['resetPwdLongValueSchema', 'passwordChangeValueSchema'],
  'company-registration': ['registrationDataSchema'],
  users: ['userDataSchema', 'userPatchSchema']
}
/** Writing services without an exported data schema, and why that is fine here. */
const WITHOUT_SCHEMA: Record<string, string> = {
  authentication: 'signs in: the strategy takes the password as typed',
  'force-logout': 'takes no data at all (an inline empty schema)'
}
const servicesDir = path.join(__dirname, '../../../server/src/services')
/** A service's folder: services/<area>/<name>. */
const folderOf = (servicePath: string) => fs.readdirSync(servicesDir).map((area) => path.join(servicesDir, area, kebab(servicePath))).find((folder) => fs.existsSync(folder))
const kebab = (servicePath: string) => servicePath.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

type Schema = { properties?: Record<string, unknown>; additionalProperties?: unknown; allOf?: Schema[]; anyOf?: Schema[]; oneOf?: Schema[] }

/** The top-level fields a data schema accepts; '*' when it accepts any. */
function acceptedFields(schema: Schema): string[] {
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]
  const own = Object.keys(schema.properties ?? {})
  const open = !parts.length && schema.additionalProperties !== false ? ['*'] : []
  return [...own, ...open, ...parts.flatMap(acceptedFields)]
}

/** The exported data, patch and action-value schemas of every file in a service's folder. */
async function dataSchemasOf(folder: string): Promise<Array<[string, Schema]>> {
  const found: Array<[string, Schema]> = []
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
    const exported = (await import(path.join(folder, file))) as Record<string, unknown>
    for (const [name, value] of Object.entries(exported)) if (/(Data|Patch|Value)Schema$/.test(name)) found.push([name, value as Schema])
  }
  return found
}

describe('password fields', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer('sqlite')
  })
  afterAll(() => server.stop())

  it('are accepted by no data schema of a registered service but the allowed ones', async () => {
    const accepting: string[] = []
    const unchecked: string[] = []
    for (const servicePath of [...accessRegistry.keys()].sort()) {
      const folder = folderOf(servicePath)
      const writes = (getServiceOptions(anyService(server.app, servicePath)).methods as string[]).some((method) => ['create', 'update', 'patch'].includes(method))
      const schemas = folder ? await dataSchemasOf(folder) : []
      if (writes && schemas.length === 0 && !(servicePath in WITHOUT_SCHEMA)) unchecked.push(servicePath)
      for (const [name, schema] of schemas) {
        const fields = acceptedFields(schema).filter((field) => field === '*' || /password/i.test(field))
        if (fields.length > 0 && !(ALLOWED[kebab(servicePath)] ?? []).includes(name)) accepting.push(`${servicePath} ${name}: ${fields.join(', ')}`)
      }
    }
    expect(unchecked).toEqual([])
    expect(accepting).toEqual([])
  })
})
