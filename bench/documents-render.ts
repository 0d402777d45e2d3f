/**
 * Rendering printed documents (issue 17): every kind in Russian from the sample patient
 * (domain/documents/sample-context.ts) rendered to PDF, against a floor of pdfmake writing a
 * one-line page with the same fonts (what any document costs before its contents). Run:
 * `node --import tsx bench/documents-render.ts` (RUNS=15 by default). Prints medians and p95 in
 * milliseconds and the PDF's size; bench/RESULTS.md keeps the figures.
 */
import { performance } from 'node:perf_hooks'
import { documentKinds } from '../domain/documents/kinds'
import { shippedTemplate } from '../domain/documents/shipped-templates'
import { documentContextSample } from '../domain/documents/sample-context'
import { renderDocumentPdf } from '../server/src/documents/render-pdf'

const RUNS = Number(process.env.RUNS ?? 15)
const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const at = (values: number[], share: number) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * share))]
const print = (...parts: unknown[]) => process.stdout.write(`${parts.join('\t')}\n`)

async function timed(render: () => Promise<Buffer>) {
  await render() // the fonts are read once per process: not what a print costs
  const times: number[] = []
  let size = 0
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now()
    size = (await render()).length
    times.push(performance.now() - start)
  }
  return { median: at(times, 0.5), p95: at(times, 0.95), size }
}

async function main() {
  const context = documentContextSample('ru')
  const floor = await timed(() => renderDocumentPdf('consent', { ...context, procedure: { name: '—' } }, { title: '—', intro: '', closing: '', signatures: [] }))
  print('kind', 'median ms', 'p95 ms', 'KB', '× floor')
  print('floor (a heading only)', floor.median.toFixed(1), floor.p95.toFixed(1), (floor.size / 1024).toFixed(1), '1.0')
  for (const kind of documentKinds) {
    const texts = shippedTemplate(kind, 'ru')
    const papers = kind === 'receipt' ? (['80mm', '58mm'] as const) : ([undefined] as const)
    for (const paper of papers) {
      const figure = await timed(() => renderDocumentPdf(kind, context, texts, paper ? { paper } : {}))
      print(paper ? `${kind} ${paper}` : kind, figure.median.toFixed(1), figure.p95.toFixed(1), (figure.size / 1024).toFixed(1), (figure.median / floor.median).toFixed(1))
    }
  }
}

void main()
