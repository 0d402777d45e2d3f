import { createRequire } from 'node:module'
import path from 'node:path'
import pdfmake from 'pdfmake'

/**
 * Fonts of the printed documents: DejaVu Sans (the `dejavu-fonts-ttf` package), which carries
 * Cyrillic and Uzbek Latin with its ʻ (U+02BB) and ʼ (U+02BC), unlike pdfmake's bundled Roboto
 * subset. The package is found from the working directory, as the server finds `web/dist`.
 */
export const documentFont = 'DejaVuSans'
export const condensedFont = 'DejaVuSansCondensed'

let fontsDir: string | undefined

/** The folder holding the TrueType files (realpath: node_modules may be a link). */
export function documentFontsDir(): string {
  if (!fontsDir) {
    const requireFromCwd = createRequire(path.join(process.cwd(), 'package.json'))
    fontsDir = path.join(path.dirname(requireFromCwd.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
  }
  return fontsDir
}

let configured = false

/**
 * Sets pdfmake's fonts and closes its doors once per process: no URL is ever fetched (a
 * template's image or font cannot reach the network) and only the font folder may be read.
 */
export function configurePdfmake(): typeof pdfmake {
  if (configured) return pdfmake
  const dir = documentFontsDir()
  const file = (name: string) => path.join(dir, name)
  pdfmake.setFonts({
    [documentFont]: {
      normal: file('DejaVuSans.ttf'),
      bold: file('DejaVuSans-Bold.ttf'),
      italics: file('DejaVuSans-Oblique.ttf'),
      bolditalics: file('DejaVuSans-BoldOblique.ttf')
    },
    [condensedFont]: {
      normal: file('DejaVuSansCondensed.ttf'),
      bold: file('DejaVuSansCondensed-Bold.ttf'),
      italics: file('DejaVuSansCondensed-Oblique.ttf'),
      bolditalics: file('DejaVuSansCondensed-BoldOblique.ttf')
    }
  })
  pdfmake.setUrlAccessPolicy(() => false)
  pdfmake.setLocalAccessPolicy((requested) => path.resolve(requested).startsWith(dir + path.sep))
  configured = true
  return pdfmake
}
