// Reads a PDF on stdin, prints { text, title } as JSON. Run as its own Node process: pdf-parse's
// pdf.js loads its worker with a dynamic import, which Jest's module sandbox refuses.
import { PDFParse } from 'pdf-parse'

const chunks = []
for await (const chunk of process.stdin) chunks.push(chunk)
const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) })
const { text } = await parser.getText()
const { info } = await parser.getInfo()
await parser.destroy()
process.stdout.write(JSON.stringify({ text, title: info?.Title ?? null }))
