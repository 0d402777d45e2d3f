import fs from 'node:fs'
import path from 'node:path'
import { conditionTable, findingStatuses, toothConditions } from '../../../domain/clinical/conditions'
import { perioSites } from '../../../domain/clinical/perio'
import { toothNumberings, dentitions } from '../../../domain/clinical/teeth'

/** Every code, condition, status, site and numbering of the domain has its text in every locale. */
const locales = ['en', 'ru', 'uz', 'fi']
const dir = path.join(__dirname, '../../../renderer/src/i18n/locales')
type Tree = { [key: string]: string | Tree }
const lookup = (tree: Tree, key: string) => key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree)

describe.each(locales)('clinical texts in %s', (language) => {
  const tree: Tree = JSON.parse(fs.readFileSync(path.join(dir, `${language}.json`), 'utf8'))
  const keys = [
    ...conditionTable.map((entry) => `clinical.code.${entry.key}`),
    ...toothConditions.map((key) => `clinical.condition.${key}`),
    ...findingStatuses.map((key) => `clinical.status.${key}`),
    ...perioSites.map((key) => `clinical.perio.site.${key}`),
    ...toothNumberings.map((key) => `clinical.numbering.${key}`),
    ...dentitions.map((key) => `clinical.dentition.${key}`)
  ]
  it.each(keys)('%s', (key) => {
    expect(typeof lookup(tree, key)).toBe('string')
  })
})
