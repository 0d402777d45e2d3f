import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import en from '../../renderer/src/i18n/locales/en.json'

/**
 * The activity log shows a field by its label, never by its code (issue 13: "no raw code in the
 * interface"): every property of every record schema a service writes has a label under
 * activity.fieldNames (the i18n test then asks every language for it). Columns the log never
 * shows (ids and stamps of the record itself) are the exceptions.
 */
const NOT_SHOWN = new Set(['_id', 'companyId', 'createdAt', 'updatedAt', 'createdBy', 'password', 'previousPassword'])
/** Records no call writes through the log: the log itself, the trash, sessions, read-only views, form values. */
const NOT_LOGGED = new Set(['UserActivity', 'TrashItem', 'Session', 'MyCompany', 'AppointmentStatusChange', 'ResetPwdLongValue', 'PasswordChangeValue'])

function schemaFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) return schemaFiles(path)
    return name.endsWith('.schema.ts') ? [path] : []
  })
}

interface SchemaLike {
  $id?: string
  type?: string
  properties?: Record<string, unknown>
}

function recordFields(): Map<string, string> {
  const fields = new Map<string, string>()
  for (const file of schemaFiles(join(__dirname, '../../server/src/services'))) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(file) as Record<string, SchemaLike>
    for (const schema of Object.values(exported)) {
      if (!schema || typeof schema !== 'object' || schema.type !== 'object' || !schema.$id || !schema.properties) continue
      if (/(Data|Patch|Query|Result)$/.test(schema.$id) || NOT_LOGGED.has(schema.$id)) continue
      for (const field of Object.keys(schema.properties)) if (!NOT_SHOWN.has(field)) fields.set(field, schema.$id)
    }
  }
  return fields
}

describe('the activity log names every field it can show', () => {
  it('has a label for each field of each record schema', () => {
    const fields = recordFields()
    expect(fields.size).toBeGreaterThan(40)
    const labels = en.activity.fieldNames as Record<string, string>
    const missing = [...fields].filter(([field]) => !labels[field]).map(([field, schema]) => `${schema}.${field}`)
    expect(missing).toEqual([])
  })
})
