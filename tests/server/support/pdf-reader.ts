import { spawn } from 'node:child_process'
import path from 'node:path'

export interface PdfReading {
  text: string
  title: string | null
}

/**
 * pdf-parse's reading of PDFs (text and info title), in one Node process of its own
 * (pdf-text.mjs): pdf.js loads its worker with a dynamic import, which Jest's sandbox refuses.
 */
export function readPdfs(pdfs: Buffer[]): Promise<PdfReading[]> {
  return new Promise((resolve, reject) => {
    // Jest (CommonJS) and Playwright (ESM) both run from the repository's root.
    const child = spawn(process.execPath, [path.join(process.cwd(), 'tests/server/support/pdf-text.mjs')], { stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as PdfReading[])
      else reject(new Error(`pdf-text.mjs exited ${String(code)}: ${Buffer.concat(err).toString('utf8')}`))
    })
    child.stdin.end(JSON.stringify(pdfs.map((pdf) => pdf.toString('base64'))))
  })
}

/** Every run of spaces (no-break ones and line ends included) as one space. */
export const spaced = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ')

/** One PDF's text, spaces as in `spaced`. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const [reading] = await readPdfs([pdf])
  return spaced(reading.text)
}

/** Every page's MediaBox [width, height] in points. */
export function pageSizes(pdf: Buffer): [number, number][] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((match) => [Number(match[1]), Number(match[2])])
}
