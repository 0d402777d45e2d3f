import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * The closing line of `npm test` (scripts/summarize-tests.mjs) reads the run's reports from a
 * folder that also holds the lint and type logs; a log is not a report. Its exit code is the
 * run's verdict, so a failed test must turn it red and a flaky one must not.
 */
const script = path.resolve(__dirname, '../../scripts/summarize-tests.mjs')

function summarize(files: Record<string, unknown>) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'summary-'))
  fs.writeFileSync(path.join(folder, 'lint.log'), 'no problems\n')
  fs.writeFileSync(path.join(folder, 'types.log'), '')
  for (const [name, report] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), JSON.stringify(report))
  const run = spawnSync(process.execPath, [script, folder], { encoding: 'utf8' })
  fs.rmSync(folder, { recursive: true, force: true })
  return { code: run.status, out: run.stdout, err: run.stderr }
}

const jestReport = (passed: number, failed: number) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: 0,
  testResults: [{ startTime: 0, endTime: 7000, name: path.resolve(__dirname, 'slow.test.ts') }],
})
const browser = (expected: number, unexpected: number, flaky: number) => ({
  stats: { expected, unexpected, flaky },
  suites: [{ file: 'journey.spec.ts', specs: [{ tests: [{ results: [{ duration: 12000 }] }] }] }],
})

test('counts the jest and browser reports beside the logs, names the slowest and passes', () => {
  const { code, out, err } = summarize({ 'jest-utc.json': jestReport(3, 0), 'playwright.json': browser(2, 0, 1) })
  expect(err).toBe('')
  expect(out).toContain('5 passed, 0 failed, 1 flaky (passed on retry)')
  expect(out).toMatch(/12 s {2}journey\.spec\.ts\n.*7 s {2}tests\/scripts\/slow\.test\.ts/)
  expect(code).toBe(0)
})

test('a failed test anywhere makes the run red', () => {
  expect(summarize({ 'jest-utc.json': jestReport(3, 1), 'playwright.json': browser(2, 0, 0) }).code).toBe(1)
  expect(summarize({ 'jest-utc.json': jestReport(3, 0), 'playwright.json': browser(2, 1, 0) }).code).toBe(1)
})
