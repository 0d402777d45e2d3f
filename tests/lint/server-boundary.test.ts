import { execFileSync } from 'node:child_process'
import path from 'node:path'

/**
 * The boundary of eslint.config.js: renderer and web code may import from server/src only the
 * typed client and the services' `*.shared` contracts. Linted through ESLint's Node API with the
 * project's own configuration, as `npx eslint .` does: every snippet in one ESLint run (one child
 * process, one config load), each case then asserting on its own snippet's messages.
 */
const root = path.resolve(__dirname, '../..')

interface LintMessage {
  ruleId: string | null
  message: string
}

const RENDERER_FILE = 'renderer/src/features/example.ts'

const refusedInRenderer: [string, string][] = [
  ['a server internal', "import { access } from '../../../server/src/access/access'"],
  ['a service class', "import type { CustomerService } from '../../../../server/src/services/customers/customers/customers.class'"],
  ['a service schema', "import type { Customer } from '../../../../server/src/services/customers/customers/customers.schema'"],
  ['the client service list', "import { clientServices } from '../../../server/src/client-services'"],
  ['a re-export', "export type { Role } from '../../../server/src/services/identity/roles/roles.schema'"]
]
const allowedInRenderer: [string, string][] = [
  ['the typed client', "import { createClient } from '../../../server/src/client'"],
  ['a service contract', "import type { Customer } from '../../../../server/src/services/customers/customers/customers.shared'"],
  ['domain code', "import { emailProblem } from '../../../../domain/validation/email'"]
]
const webServerImport = { code: "import { app } from '../server/src/app'\n", file: 'web/example.ts' }
const serverOwnImport = { code: "import { access } from '../access/access'\n", file: 'server/src/services/example.ts' }

const snippets = [
  ...[...refusedInRenderer, ...allowedInRenderer].map(([, code]) => ({ code: `${code}\n`, file: RENDERER_FILE })),
  webServerImport,
  serverOwnImport
]

/** The boundary rule's messages of each snippet, by snippet (filled once, in beforeAll). */
const results = new Map<{ code: string; file: string }, LintMessage[]>()

function boundaryErrors(code: string, file: string): LintMessage[] {
  const snippet = snippets.find((item) => item.code === code && item.file === file)
  const messages = snippet && results.get(snippet)
  if (!messages) throw new Error(`not linted: ${file}: ${code}`)
  return messages.filter((message) => message.ruleId === 'no-restricted-imports')
}

describe('server boundary lint rule', () => {
  beforeAll(() => {
    const input = JSON.stringify(snippets.map(({ code, file }) => ({ code, filePath: path.join(root, file) })))
    const output = execFileSync(process.execPath, [path.join(__dirname, 'lint-snippets.mjs')], { cwd: root, input, encoding: 'utf8' })
    const linted = JSON.parse(output) as LintMessage[][]
    snippets.forEach((snippet, index) => results.set(snippet, linted[index]))
  }, 60_000)

  it.each(refusedInRenderer)('refuses %s in renderer code', (_name, code) => {
    const errors = boundaryErrors(`${code}\n`, RENDERER_FILE)
    expect(errors).toHaveLength(1)
    expect(errors[0].message).toContain('server/src/client')
  })

  it('refuses a server import in web code too', () => {
    expect(boundaryErrors(webServerImport.code, webServerImport.file)).toHaveLength(1)
  })

  it.each(allowedInRenderer)('allows %s', (_name, code) => {
    expect(boundaryErrors(`${code}\n`, RENDERER_FILE)).toEqual([])
  })

  it('leaves server code free to import its own modules', () => {
    expect(boundaryErrors(serverOwnImport.code, serverOwnImport.file)).toEqual([])
  })
})
