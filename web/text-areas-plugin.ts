import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { textAreas, textsOf, type TextAreaName, type TextTree } from '../renderer/src/i18n/text-areas'

const PREFIX = 'virtual:texts/'
const localesDir = fileURLToPath(new URL('../renderer/src/i18n/locales', import.meta.url))

/**
 * `virtual:texts/<language>/<area>`: one area's texts (or `core`) of a locale file, cut at build
 * time by renderer/src/i18n/text-areas.ts. The locale files stay whole for translators and tests;
 * each chunk carries only its part, so the first screen does not carry every screen's words.
 */
export function textAreasPlugin(): Plugin {
  return {
    name: 'clinic-text-areas',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined
      const [language, area] = id.slice(PREFIX.length + 1).split('/')
      if (!/^[a-z0-9]+$/.test(language) || (area !== 'core' && !(area in textAreas))) throw new Error(`unknown texts ${id}`)
      const file = path.join(localesDir, `${language}.json`)
      this.addWatchFile(file)
      const tree = JSON.parse(fs.readFileSync(file, 'utf8')) as TextTree
      // JSON.parse of a string literal is faster for the browser than an object literal this size.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(textsOf(tree, area as TextAreaName | 'core')))})`
    }
  }
}
