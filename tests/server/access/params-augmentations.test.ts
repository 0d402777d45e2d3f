import fs from 'node:fs'
import path from 'node:path'

/**
 * No service-private value travels through Feathers' global `Params` type (issue 12, item 3).
 * Every field added to `Params` (`declare module '@feathersjs/feathers' { interface Params {...} }`)
 * is on every call of every service, so only the app's own machinery adds one; a service's value
 * is either computed where it is read (phone protection: customer-phone.ts) or, when its
 * publisher must learn it, a publish note (services/publish-notes.ts).
 *
 * The fields allowed: file (relative to server/src) → field → why it is the app's, not a service's.
 */
const ALLOWED: Record<string, Record<string, string>> = {
  'declarations.ts': { identity: 'who calls: set by authentication on every external call, read by access, tenancy and the publishers' },
  'hooks/activity-log.ts': { activity: 'the activity log, app-wide: it captures any record service\'s row before a write' },
  'access/replace.ts': { replacing: 'an external update of any service runs as its patch (updateAsPatch), which the patch must know' },
  'services/publish-notes.ts': { publishNotes: 'the one generic slot for what any call tells its publisher (publishNote)' }
}

const root = path.join(__dirname, '../../..')
const sourceDir = path.join(root, 'server/src')

function sourcesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) return sourcesUnder(full)
    return entry.name.endsWith('.ts') ? [full] : []
  })
}

/** The text without comments (a field named in a doc comment is not a field). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')

/** The body of the block whose `{` is at `open`, without its braces. */
function blockAt(text: string, open: number): string {
  let depth = 0
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '{') depth += 1
    else if (text[index] === '}' && --depth === 0) return text.slice(open + 1, index)
  }
  throw new Error('unbalanced braces')
}

/** The body at depth 0 only: the names of an object type's own members, not of their types' members. */
function topLevel(body: string): string {
  let depth = 0
  let out = ''
  for (const [index, char] of [...body].entries()) {
    if (char === '{' || char === '(' || char === '[' || char === '<') depth += 1
    else if (char === '}' || char === ')' || char === ']' || (char === '>' && body[index - 1] !== '=')) depth -= 1
    else if (depth === 0) out += char
  }
  return out
}

/** The fields a source adds to Feathers' `Params` (any `@feathersjs/feathers...` module). */
function paramsAugmentations(source: string): string[] {
  const text = withoutComments(source)
  const fields: string[] = []
  for (const declared of text.matchAll(/declare\s+module\s+['"]@feathersjs\/feathers(?:\/[^'"]*)?['"]\s*\{/g)) {
    const moduleBody = blockAt(text, declared.index + declared[0].length - 1)
    for (const params of moduleBody.matchAll(/interface\s+Params\b[^{]*\{/g)) {
      const members = topLevel(blockAt(moduleBody, params.index + params[0].length - 1))
      for (const member of members.matchAll(/(?:^|[;,\n])\s*(?:readonly\s+)?(['"]?)([A-Za-z_$][\w$]*)\1\s*\??\s*:/g)) fields.push(member[2])
    }
  }
  return fields
}

/** Every field added to `Params` under server/src, as `file: field`. */
function augmentations(): string[] {
  return sourcesUnder(sourceDir).flatMap((file) => {
    const relative = path.relative(sourceDir, file).split(path.sep).join('/')
    return paramsAugmentations(fs.readFileSync(file, 'utf8')).map((field) => `${relative}: ${field}`)
  })
}

describe('Feathers\' Params type', () => {
  it('gets fields only from the app\'s own machinery, never from a service', () => {
    const allowed = Object.entries(ALLOWED).flatMap(([file, fields]) => Object.keys(fields).map((field) => `${file}: ${field}`))
    const found = augmentations()
    // A service's value: compute it where it is read, or make it a publish note (publish-notes.ts).
    expect(found.filter((entry) => !allowed.includes(entry))).toEqual([])
    // And the list above holds nothing that is gone.
    expect(allowed.filter((entry) => !found.includes(entry))).toEqual([])
  })

  it('is read the way TypeScript reads it (the scan itself)', () => {
    const source = `
      import type { Knex } from 'knex'
      /** interface Params { notAField: string } */
      declare module '@feathersjs/feathers' {
        // interface Params { alsoNotAField: string }
        interface Params {
          /** One. */
          servicePrivate?: boolean
          readonly nested: { inner?: string; deeper: { deepest: number } }
          'quoted'?: (value: { x: string }) => Map<string, { y: number }>
          afterArrow: number
        }
        interface ServiceAddons<A, S> { notParams: string }
      }
      declare module "@feathersjs/feathers/lib/declarations" { interface Params { viaSubpath?: string } }
      declare module '../../../declarations' { interface ServiceTypes { 'x': unknown } }
    `
    expect(paramsAugmentations(source)).toEqual(['servicePrivate', 'nested', 'quoted', 'afterArrow', 'viaSubpath'])
  })
})
