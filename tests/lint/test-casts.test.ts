import { execFileSync } from 'node:child_process'
import path from 'node:path'

/**
 * The rule of eslint.config.js that keeps `as never` out of tests (issue 12): a test reaches a
 * service through its types, and a value that is wrong on purpose goes through `malformed`
 * (tests/server/support/malformed.ts). Linted through ESLint's Node API with the project's own
 * configuration, as `npx eslint .` does, in one run (lint-snippets.mjs).
 */
const root = path.resolve(__dirname, '../..')

interface LintMessage {
  ruleId: string | null
  message: string
}

const TEST_FILE = 'tests/server/services/example/example/example.test.ts'

const refused: [string, string][] = [
  ['an `as never` argument', "declare const create: (data: { name: string }) => void\ncreate({} as never)\n"],
  ['an `as never` in a nested value', "declare const create: (data: { kinds: string[] }) => void\ncreate({ kinds: [1 as never] })\n"],
  ['an angle-bracket `<never>` cast', "declare const get: (id: string) => void\nget(<never>1)\n"]
]
const allowed: [string, string][] = [
  ['the named helper', "import { malformed } from '../../../support/malformed'\ndeclare const create: (data: { name: string }) => void\ncreate(malformed({}))\n"],
  ['an `as const`', "export const sort = { start: 1 as const }\n"],
  ['`never` as a type elsewhere', "export function fail(message: string): never {\n  throw new Error(message)\n}\n"]
]
const outsideTests = { code: "declare const create: (data: { name: string }) => void\ncreate({} as never)\n", file: 'bench/example.ts' }

const snippets = [...[...refused, ...allowed].map(([, code]) => ({ code, file: TEST_FILE })), outsideTests]

/** Each snippet's messages of the rule (filled once, in beforeAll). */
const results = new Map<string, LintMessage[]>()

function neverCasts(code: string, file = TEST_FILE): LintMessage[] {
  const messages = results.get(`${file}\n${code}`)
  if (!messages) throw new Error(`not linted: ${file}: ${code}`)
  return messages.filter((message) => message.ruleId === 'no-restricted-syntax')
}

describe('no `as never` in tests (lint rule)', () => {
  beforeAll(() => {
    const input = JSON.stringify(snippets.map(({ code, file }) => ({ code, filePath: path.join(root, file) })))
    const output = execFileSync(process.execPath, [path.join(__dirname, 'lint-snippets.mjs')], { cwd: root, input, encoding: 'utf8' })
    const linted = JSON.parse(output) as LintMessage[][]
    snippets.forEach(({ code, file }, index) => results.set(`${file}\n${code}`, linted[index]))
  }, 60_000)

  it.each(refused)('refuses %s', (_name, code) => {
    const errors = neverCasts(code)
    expect(errors).toHaveLength(1)
    expect(errors[0].message).toContain('malformed()')
  })

  it.each(allowed)('allows %s', (_name, code) => {
    expect(neverCasts(code)).toEqual([])
  })

  it('leaves code outside tests alone', () => {
    expect(neverCasts(outsideTests.code, outsideTests.file)).toEqual([])
  })
})
