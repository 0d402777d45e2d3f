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
printSlowest(folder)
console.log(`${passed} passed, ${failed} failed${flaky ? `, ${flaky} flaky (passed on retry)` : ''}${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)

// The ten slowest test files and browser specs, so that the next speed-up starts from figures.
function printSlowest(dir) {
  const files = []
  for (const file of fs.readdirSync(dir)) {
    // The folder holds the lint and type logs too: read only the test reports.
    const isJest = file.startsWith('jest-')
    const isBrowser = file.startsWith('playwright') && file.endsWith('.json')
    if (!isJest && !isBrowser) continue
    const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))
    if (isJest) {
      for (const result of report.testResults ?? []) {
        files.push([(result.endTime - result.startTime) / 1000, path.relative(process.cwd(), result.name)])
      }
    } else {
      for (const suite of report.suites ?? []) files.push([specSeconds(suite), suite.file ?? suite.title])
    }
  }
  files.sort((a, b) => b[0] - a[0])
  console.log('slowest:')
  for (const [seconds, name] of files.slice(0, 10)) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`)
}

function specSeconds(suite) {
  let ms = 0
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) for (const result of test.results ?? []) ms += result.duration ?? 0
  }
  for (const child of suite.suites ?? []) ms += specSeconds(child) * 1000
  return ms / 1000
}
