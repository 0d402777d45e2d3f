/**
 * Renders every document kind in every language (and the receipt on both papers) from the test
 * fixture, to look at them: `node --import tsx scripts/render-sample-documents.ts [folder]`
 * (default: the system's temporary folder/sample-documents, outside the repository), then e.g.
 * `pdftoppm -r 50 -png file.pdf prefix`.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { documentKinds, documentLanguages, receiptPapers } from '../domain/documents/kinds'
import { shippedTemplate } from '../domain/documents/shipped-templates'
import { renderDocumentPdf } from '../server/src/documents/render-pdf'
import { documentContextSample } from '../domain/documents/sample-context'

async function main() {
  const folder = path.resolve(process.argv[2] ?? path.join(os.tmpdir(), 'sample-documents'))
  fs.mkdirSync(folder, { recursive: true })
  console.log(`writing to ${folder}`)
  for (const language of documentLanguages) {
    const context = documentContextSample(language)
    for (const kind of documentKinds) {
      const papers = kind === 'receipt' ? receiptPapers : [undefined]
      for (const paper of papers) {
        const copy = kind === 'receipt' && paper === '58mm'
        const pdf = await renderDocumentPdf(kind, { ...context, copy }, shippedTemplate(kind, language), { paper })
        const name = `${kind}${paper ? `-${paper}` : ''}-${language}.pdf`
        fs.writeFileSync(path.join(folder, name), pdf)
        console.log(name, pdf.length)
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
