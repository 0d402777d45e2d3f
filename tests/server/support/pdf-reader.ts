import { spawn } from 'node:child_process'
import path from 'node:path'

/** pdf-parse's reading of a PDF (its text and info title), in a Node process of its own (pdf-text.mjs). */
export function readPdf(pdf: Buffer): Promise<{ text: string; title: string | null }> {
  return new Promise((resolve, reject) => {
    // Jest (CommonJS) and Playwright (ESM) both run from the repository's root.
    const child = spawn(process.execPath, [path.join(process.cwd(), 'tests/server/support/pdf-text.mjs')], { stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as { text: string; title: string | null })
      else reject(new Error(`pdf-text.mjs exited ${String(code)}: ${Buffer.concat(err).toString('utf8')}`))
    })
    child.stdin.end(pdf)
  })
}

/** The PDF's text with every run of spaces (no-break ones included) as one space. */
export async function pdfText(pdf: Buffer): Promise<string> {
  return (await readPdf(pdf)).text.replace(/[\s\u00a0\u202f]+/g, ' ')
}

/** Every page's MediaBox [width, height] in points. */
export function pageSizes(pdf: Buffer): [number, number][] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((match) => [Number(match[1]), Number(match[2])])
}
