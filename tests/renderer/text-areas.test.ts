import fs from 'node:fs'
import path from 'node:path'
import { textAreaNames, textAreas, textsOf, type TextArea, type TextTree } from '../../renderer/src/i18n/text-areas'
import { languages } from '../../renderer/src/i18n/languages'

/**
 * The texts split by area (renderer/src/i18n/text-areas.ts): nothing is lost in the cut, and a
 * screen outside an area's folders never needs that area's texts, which it would show as raw
 * keys until someone opened one of the area's screens.
 */
const rendererDir = path.join(__dirname, '../../renderer/src')
const localesDir = path.join(rendererDir, 'i18n/locales')
const load = (language: string): TextTree => JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8'))

function flatten(tree: TextTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key
    return typeof value === 'string' ? [`${full}=${value}`] : flatten(value, full)
  })
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : []
  })
}

const areaOfFile = (file: string) => {
  const relative = path.relative(path.join(rendererDir, 'features'), file).split(path.sep)
  return textAreaNames.find((name) => (textAreas[name].folders as readonly string[]).includes(relative[0]))
}

/**
 * Text keys a file names: quoted keys and the fixed start of template keys (`ns.part.${x}`).
 * A quoted prefix ending in a dot ('services.') is a data path being tested, not a text.
 */
function keysNamed(source: string, namespaces: readonly string[]): string[] {
  const pattern = new RegExp(`['"\`]((?:${namespaces.join('|')})\\.[A-Za-z0-9_.-]*)(\\$\\{|['"\`])`, 'g')
  return [...source.matchAll(pattern)]
    .map((match) => (match[2] === '${' ? `${match[1]}*` : match[1]))
    .filter((key) => !key.endsWith('.') && !notTexts.has(key))
}

/** Data paths that look like text keys: a custom field's value is `customFields.<field id>`. */
const notTexts = new Set(['customFields.*'])

const isShared = (key: string, shared: readonly string[]) => {
  const plain = key.replace(/\.?\*$/, '')
  return shared.some((entry) => plain === entry || plain.startsWith(`${entry}.`))
}

describe('texts split by area', () => {
  for (const language of languages) {
    test(`${language}: the core and the areas together hold every text of the locale file`, () => {
      const whole = load(language)
      const parts = [textsOf(whole, 'core'), ...textAreaNames.map((name) => textsOf(whole, name))]
      const cut = new Set(parts.flatMap((part) => flatten(part)))
      expect(flatten(whole).filter((text) => !cut.has(text))).toEqual([])
    })
  }

  test("an area's texts are not in the core, except the ones other screens share", () => {
    const core = textsOf(load('en'), 'core')
    for (const name of textAreaNames) {
      for (const namespace of textAreas[name].namespaces) {
        const leaked = flatten({ [namespace]: (core[namespace] as TextTree | undefined) ?? {} }).map((text) => text.split('=')[0])
        expect(leaked.filter((key) => !isShared(key, textAreas[name].shared))).toEqual([])
      }
    }
    expect(flatten(textsOf(load('en'), 'clinical')).length).toBeGreaterThan(100)
  })

  test('a file outside an area uses only its shared texts (or the area is loaded by its route)', () => {
    const problems: string[] = []
    for (const file of sourceFiles(rendererDir)) {
      const source = fs.readFileSync(file, 'utf8')
      for (const name of textAreaNames) {
        if (areaOfFile(file) === name && !importedFromOutside(file, name)) continue
        const area: TextArea = textAreas[name]
        if (area.signedIn && !signInFiles().has(file)) continue
        for (const key of keysNamed(source, area.namespaces)) {
          // A code the sign-in screens build a key of comes from errorCode (api/errors.ts), which
          // answers only codes whose text is loaded, or from a validator of a shared code.
          if (area.signedIn && key === `${area.namespaces[0]}.*`) continue
          if (!isShared(key, textAreas[name].shared)) problems.push(`${path.relative(rendererDir, file)}: ${key}`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  test('the domain code a screen uses builds only keys of its own area or shared ones', () => {
    const domainDir = path.join(__dirname, '../../domain')
    // Each domain file with the areas of the screens that import it (undefined: no area).
    const users = new Map<string, Set<string | undefined>>()
    // Domain files a sign-in screen imports: held to the shared texts of the signed-in areas too.
    const signInUsed = new Set<string>()
    for (const file of sourceFiles(rendererDir)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
        const resolved = `${path.resolve(path.dirname(file), match[1])}.ts`
        if (!resolved.startsWith(domainDir) || !fs.existsSync(resolved)) continue
        users.set(resolved, (users.get(resolved) ?? new Set()).add(areaOfFile(file)))
        if (signInFiles().has(file)) signInUsed.add(resolved)
      }
    }
    const problems = [...users].flatMap(([file, areas]) => {
      const source = fs.readFileSync(file, 'utf8')
      return textAreaNames.flatMap((name) =>
        [...areas].filter((area) => area !== name).length === 0 || ((textAreas[name] as TextArea).signedIn && !signInUsed.has(file))
          ? []
          : keysNamed(source, textAreas[name].namespaces).filter((key) => !isShared(key, textAreas[name].shared)).map((key) => `${path.relative(domainDir, file)}: ${key}`)
      )
    })
    expect(users.size).toBeGreaterThan(5)
    expect(problems).toEqual([])
  })
})

/**
 * An area's file that a screen outside the area imports (the calendar's medical-alert flag), and
 * whatever area files it imports in turn, are shown where the area's texts may not be loaded:
 * they are held to the shared texts too. Not the patient card (its route loads the clinical
 * texts, router.tsx), nor past a file that loads its area's texts itself (`loadTextArea`, or the
 * `useTextArea` hook) before showing what it imports.
 */
const reachedCache = new Map<string, Set<string>>()
function importsOf(file: string): string[] {
  return [...fs.readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)]
    .map((match) => path.resolve(path.dirname(file), match[1]))
    .flatMap((base) => [`${base}.ts`, `${base}.tsx`].filter((candidate) => fs.existsSync(candidate)))
}
function reachedFromOutside(area: string): Set<string> {
  const cached = reachedCache.get(area)
  if (cached) return cached
  const files = sourceFiles(rendererDir)
  const inArea = (file: string) => areaOfFile(file) === area
  const loadsItsTexts = (file: string) => /loadTextArea\(|useTextArea\(/.test(fs.readFileSync(file, 'utf8'))
  const host = (file: string) => file.includes(`${path.sep}features${path.sep}customer${path.sep}`)
  const reached = new Set<string>()
  const queue = files.filter((file) => !inArea(file) && !host(file)).flatMap(importsOf).filter(inArea)
  while (queue.length > 0) {
    const file = queue.pop()!
    if (reached.has(file)) continue
    reached.add(file)
    if (!loadsItsTexts(file)) queue.push(...importsOf(file).filter(inArea))
  }
  reachedCache.set(area, reached)
  return reached
}
const importedFromOutside = (file: string, area: string) => reachedFromOutside(area).has(file)

/**
 * The sign-in screens (features/auth, outside the signed-in layout), the app's entry (what every
 * first screen loads: web/main.ts's static imports, the router, its error screen, the banners)
 * and every file they import: what they show has only the core texts, never an area loaded by
 * the signed-in layout. A lazy `import()` is not followed: it loads behind its route.
 */
let signInCache: Set<string> | undefined
const webDir = path.join(__dirname, '../../web')
function signInFiles(): Set<string> {
  if (signInCache) return signInCache
  const authDir = path.join(rendererDir, 'features', 'auth')
  const queue = [...sourceFiles(authDir), path.join(__dirname, '../../web/main.ts')]
  const reached = new Set<string>()
  while (queue.length > 0) {
    const file = queue.pop()!
    if (reached.has(file)) continue
    reached.add(file)
    queue.push(...importsOf(file).filter((imported) => imported.startsWith(rendererDir) || imported.startsWith(webDir)))
  }
  signInCache = reached
  return reached
}
