// Prints one closing line for the whole run: "N passed, N failed" (with skipped when any).
import fs from 'node:fs'
import path from 'node:path'

const folder = process.argv[2]
let passed = 0
let failed = 0
let skipped = 0
for (const file of fs.readdirSync(folder)) {
  if (!file.startsWith('jest-')) continue
  const report = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests
}
const playwright = path.join(folder, 'playwright.json')
if (fs.existsSync(playwright)) {
  const stats = JSON.parse(fs.readFileSync(playwright, 'utf8')).stats ?? {}
  passed += stats.expected ?? 0
  failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0)
  skipped += stats.skipped ?? 0
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
