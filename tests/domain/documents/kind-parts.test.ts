import fs from 'node:fs'
import path from 'node:path'
import { documentKindParts, type DocumentContext } from '../../../domain/documents/context'
import { documentKinds, documentLanguages } from '../../../domain/documents/kinds'
import { shippedTemplate } from '../../../domain/documents/shipped-templates'
import { fillVariables, MISSING_VALUE } from '../../../domain/documents/variables'
import { documentContextSample } from '../../../domain/documents/sample-context'

const base: (keyof DocumentContext)[] = ['language', 'currency', 'timeZone', 'printedAt', 'copy', 'company', 'branch']

/** The fixture cut down to what every document has plus the parts a kind declares. */
function onlyParts(context: DocumentContext, parts: readonly (keyof DocumentContext)[]): DocumentContext {
  const keep = new Set([...base, ...parts])
  return Object.fromEntries(Object.entries(context).filter(([key]) => keep.has(key as keyof DocumentContext))) as unknown as DocumentContext
}

describe('the parts each kind needs', () => {
  it('are enough for every shipped text: no variable is left to fill in by hand', () => {
    for (const language of documentLanguages) {
      for (const kind of documentKinds) {
        const context = onlyParts(documentContextSample(language), documentKindParts[kind])
        const texts = shippedTemplate(kind, language)
        const filled = [texts.title, texts.intro, texts.closing, ...texts.signatures].map((text) => fillVariables(text, context)).join('\n')
        expect({ kind, language, missing: filled.includes(MISSING_VALUE) }).toEqual({ kind, language, missing: false })
      }
    }
  })

  it('let a contract made from a plan state the plan total', () => {
    const context = { ...documentContextSample('ru'), invoice: undefined }
    expect(fillVariables('{{total}} ({{totalInWords}})', context)).toBe('3\u00a0921\u00a0125,00\u00a0сум (три миллиона девятьсот двадцать одна тысяча сто двадцать пять сумов 00 тийинов)')
  })
})

describe('the shared documents code', () => {
  it('imports nothing of Node, so the renderer can use it', () => {
    const folder = path.resolve(__dirname, '../../../domain/documents')
    const files = fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'))
    expect(files.length).toBeGreaterThan(8)
    for (const file of files) {
      const source = fs.readFileSync(path.join(folder, file), 'utf8')
      expect({ file, node: /from '(node:|fs'|path'|crypto'|os')/.test(source) || /require\(/.test(source) }).toEqual({ file, node: false })
    }
  })
})
