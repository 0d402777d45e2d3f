import fs from 'node:fs'
import path from 'node:path'
import { messages } from '../../domain/messages'
import { permissionFlags, permissionResources } from '../../domain/access/resources'
import { companyModules } from '../../server/src/services/company/company/company.shared'
import { defaultRoleKeys } from '../../domain/access/default-roles'
import { initialLanguage, languages } from '../../renderer/src/i18n/languages'

/**
 * Every visible string exists in every locale (issue 3, section 3). English is the reference;
 * ru1 is a variant that may override only some keys and falls back to ru for the rest.
 */
type Tree = { [key: string]: string | Tree }
const localesDir = path.join(__dirname, '../../renderer/src/i18n/locales')
const load = (language: string): Tree => JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8'))

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(full, value)
    else for (const [inner, text] of flatten(value, full)) out.set(inner, text)
  }
  return out
}

const PLURAL = /_(zero|one|two|few|many|other)$/
const i18nLocale: Record<string, string> = { en: 'en', ru: 'ru', ru1: 'ru', fi: 'fi', uz: 'uz' }

/** The keys a locale must have: plural keys expand to the plural forms of that language. */
function requiredKeys(reference: Map<string, string>, language: string): string[] {
  const categories = new Intl.PluralRules(i18nLocale[language]).resolvedOptions().pluralCategories
  const keys = new Set<string>()
  for (const key of reference.keys()) {
    if (PLURAL.test(key)) for (const category of categories) keys.add(key.replace(PLURAL, `_${category}`))
    else keys.add(key)
  }
  return [...keys]
}

const en = flatten(load('en'))
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort()

describe('locale files', () => {
  for (const language of ['ru', 'fi', 'uz']) {
    test(`${language} has every key of en`, () => {
      const locale = flatten(load(language))
      const missing = requiredKeys(en, language).filter((key) => !locale.has(key))
      expect(missing).toEqual([])
    })

    test(`${language} has no keys en does not know`, () => {
      const known = new Set(requiredKeys(en, language).map((key) => key.replace(PLURAL, '')))
      const unknown = [...flatten(load(language)).keys()].filter((key) => !known.has(key.replace(PLURAL, '')))
      expect(unknown).toEqual([])
    })

    test(`${language} keeps the placeholders of en`, () => {
      const locale = flatten(load(language))
      const wrong = [...en.entries()]
        .filter(([key]) => !PLURAL.test(key) && locale.has(key))
        .filter(([key, text]) => placeholders(text).join() !== placeholders(locale.get(key) as string).join())
        .map(([key]) => key)
      expect(wrong).toEqual([])
    })

    test(`${language} has no empty texts`, () => {
      expect([...flatten(load(language)).entries()].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([])
    })
  }

  test('ru1 resolves every key of en through its fallback to ru', () => {
    const ru1 = flatten(load('ru1'))
    const ru = flatten(load('ru'))
    const missing = requiredKeys(en, 'ru1').filter((key) => !ru1.has(key) && !ru.has(key))
    expect(missing).toEqual([])
    expect([...ru1.keys()].filter((key) => !en.has(key) && !en.has(key.replace(PLURAL, '_other')))).toEqual([])
  })

  test('every server message code has a translation key', () => {
    expect(Object.keys(messages).filter((code) => !en.has(`errors.${code}`))).toEqual([])
  })

  test('the English error texts are the spec texts the server sends', () => {
    const differing = Object.entries(messages).filter(([code, text]) => en.get(`errors.${code}`) !== text)
    expect(differing).toEqual([])
  })

  test('every permission resource, flag, company module and default role has a label', () => {
    const missing = [
      ...permissionResources.map((resource) => `resources.${resource}`),
      ...permissionFlags.map((flag) => `flags.${flag}`),
      ...companyModules.map((module) => `modules.${module}`),
      ...defaultRoleKeys.map((key) => `roles.default.${key}`)
    ].filter((key) => !en.has(key))
    expect(missing).toEqual([])
  })

  test('every key the renderer source uses exists in en', () => {
    const sourceDir = path.join(__dirname, '../../renderer/src')
    const files: string[] = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else if (/\.tsx?$/.test(entry.name)) files.push(full)
      }
    }
    walk(sourceDir)
    const used = new Set<string>()
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8')
      // t('a.b'), i18n.t('a.b') and i18n keys kept in data ('nav.team', 'settings.teamText').
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9]+\.[a-zA-Z0-9.-]+)'/g)) used.add(match[1])
      for (const match of text.matchAll(/(?:label|title|description): '([a-z]+\.[a-zA-Z0-9.-]+)'/g)) used.add(match[1])
      for (const match of text.matchAll(/'(technical\.[a-zA-Z]+)'/g)) used.add(match[1])
    }
    const missing = [...used].filter((key) => !en.has(key) && !en.has(`${key}_other`))
    expect(missing).toEqual([])
  })
})

describe('language before sign-in', () => {
  test('a saved choice wins', () => {
    expect(initialLanguage('fi', ['en-US'])).toBe('fi')
  })
  test('else the first browser language we have', () => {
    expect(initialLanguage(null, ['de-DE', 'uz-Latn-UZ', 'en'])).toBe('uz')
  })
  test('else Russian', () => {
    expect(initialLanguage(null, ['de-DE'])).toBe('ru')
  })
  test('an unknown saved value is ignored', () => {
    expect(initialLanguage('xx', ['en-GB'])).toBe('en')
  })
  test('all five languages are offered', () => {
    expect([...languages]).toEqual(['en', 'ru', 'ru1', 'fi', 'uz'])
  })
})
