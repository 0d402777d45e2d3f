// Reads PDFs (a JSON array of base64 strings on stdin) and prints [{ text, title }] as JSON. It runs
// as a Node process of its own: pdf-parse's pdf.js loads its worker with a dynamic import, which
// Jest's module sandbox refuses.
import { PDFParse } from 'pdf-parse'

const chunks = []
for await (const chunk of process.stdin) chunks.push(chunk)
const results = []
for (const base64 of JSON.parse(Buffer.concat(chunks).toString('utf8'))) {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.from(base64, 'base64')) })
  const { text } = await parser.getText()
  const { info } = await parser.getInfo()
  await parser.destroy()
  results.push({ text, title: info?.Title ?? null })
}
process.stdout.write(JSON.stringify(results))
