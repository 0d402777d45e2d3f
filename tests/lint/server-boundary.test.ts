import { execFileSync } from 'node:child_process'
import path from 'node:path'

/**
 * The boundary of eslint.config.js: renderer and web code may import from server/src only the
 * typed client and the services' `*.shared` contracts. Linted through ESLint's Node API with the
 * project's own configuration, as `npx eslint .` does.
 */
const root = path.resolve(__dirname, '../..')

interface LintMessage {
  ruleId: string | null
  message: string
}

async function boundaryErrors(code: string, file: string) {
  const input = JSON.stringify([{ code, filePath: path.join(root, file) }])
  const output = execFileSync(process.execPath, [path.join(__dirname, 'lint-snippets.mjs')], { cwd: root, input, encoding: 'utf8' })
  const [messages] = JSON.parse(output) as LintMessage[][]
  return messages.filter((message) => message.ruleId === 'no-restricted-imports')
}

describe('server boundary lint rule', () => {
  jest.setTimeout(60_000)

  it.each([
    ['a server internal', "import { access } from '../../../server/src/access/access'"],
    ['a service class', "import type { CustomerService } from '../../../../server/src/services/customers/customers/customers.class'"],
    ['a service schema', "import type { Customer } from '../../../../server/src/services/customers/customers/customers.schema'"],
    ['the client service list', "import { clientServices } from '../../../server/src/client-services'"],
    ['a re-export', "export type { Role } from '../../../server/src/services/identity/roles/roles.schema'"]
  ])('refuses %s in renderer code', async (_name, code) => {
    const errors = await boundaryErrors(`${code}\n`, 'renderer/src/features/example.ts')
    expect(errors).toHaveLength(1)
    expect(errors[0].message).toContain('server/src/client')
  })

  it('refuses a server import in web code too', async () => {
    expect(await boundaryErrors("import { app } from '../server/src/app'\n", 'web/example.ts')).toHaveLength(1)
  })

  it.each([
    ['the typed client', "import { createClient } from '../../../server/src/client'"],
    ['a service contract', "import type { Customer } from '../../../../server/src/services/customers/customers/customers.shared'"],
    ['domain code', "import { emailProblem } from '../../../../domain/validation/email'"]
  ])('allows %s', async (_name, code) => {
    expect(await boundaryErrors(`${code}\n`, 'renderer/src/features/example.ts')).toEqual([])
  })

  it('leaves server code free to import its own modules', async () => {
    expect(await boundaryErrors("import { access } from '../access/access'\n", 'server/src/services/example.ts')).toEqual([])
  })
})
