// Prints one closing line for the whole run: "N passed, N failed" (with flaky and skipped when any).
// A browser test that failed and then passed on its retry (Playwright's "flaky") is counted and
// named apart, not as a failure: the retry proves the behaviour, the count keeps the flake visible.
import fs from 'node:fs'
import path from 'node:path'

const folder = process.argv[2]
let passed = 0
let failed = 0
let skipped = 0
let flaky = 0
for (const file of fs.readdirSync(folder)) {
  if (!file.startsWith('jest-')) continue
  const report = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests
}
// The browser tests' report (playwright.json; any playwright*.json, should they be split).
for (const file of fs.readdirSync(folder)) {
  if (!file.startsWith('playwright') || !file.endsWith('.json')) continue
  const stats = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')).stats ?? {}
  passed += stats.expected ?? 0
  failed += stats.unexpected ?? 0
  flaky += stats.flaky ?? 0
  skipped += stats.skipped ?? 0
}
console.log(`${passed} passed, ${failed} failed${flaky ? `, ${flaky} flaky (passed on retry)` : ''}${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
