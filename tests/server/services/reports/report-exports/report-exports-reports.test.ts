import { engines, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { at, booking, openClinic, type Clinic } from '../../../support/appointment-fixtures'
import { exportRound } from '../../../../../server/src/services/reports/report-exports/export-run'
import type { ExportableReport, ReportExport } from '../../../../../server/src/services/reports/report-exports/report-exports.shared'
import { newId } from '../../../../../server/src/hooks/ids'

/**
 * Large exports of the other reports' drill-downs (docs/decisions/reports.md, "Large exports"):
 * the summary's visits and the appointments report's booked minutes, each more than a drawer's
 * 1000 rows, paged with `$skip` by the background job: every row once, the count and the sum the
 * report's own.
 */
const PERIOD = { from: '2026-10-01', to: '2026-11-01' }
const COPIES = 1_200

describe.each(engines)('large exports of the summary and the appointments report on %s', (engine) => {
  let server: TestServer
  let clinic: Clinic

  const runAll = async () => {
    while ((await exportRound(server.app)) > 0);
  }
  const read = (who: SignedIn, report: ExportableReport, query: Record<string, unknown>) =>
    (who.client.service(report) as unknown as { find: (params: { query: Record<string, unknown> }) => Promise<{ total: number; sum: number; data: Array<Record<string, unknown>> }> }).find({ query: { ...PERIOD, ...query } })
  /** Exports as `who` and answers the file's lines (header first), split by `;`. */
  const exportCsv = async (who: SignedIn, report: ExportableReport, query: Record<string, unknown>, columns: Array<{ key: string; title: string; kind: 'text' | 'number' | 'date' | 'money' }>) => {
    const made = (await who.client.service('report-exports').create({ report, query: { ...PERIOD, ...query }, format: 'csv', columns, labels: {}, title: 'Визиты' })) as ReportExport
    await runAll()
    const ready = (await who.client.service('report-exports').get(made._id)) as ReportExport
    expect(ready.status).toBe('ready')
    const answer = await fetch(`${server.url}${ready.link!.file}`)
    expect(answer.status).toBe(200)
    const bytes = Buffer.from(await answer.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.toString('utf8').slice(1)
    return { ready, lines: text.slice(0, -2).split('\r\n').map((line) => line.split(';')) }
  }

  beforeAll(async () => {
    server = await startServer(engine)
    clinic = await openClinic(server)
    const created = await clinic.admin.client.service('appointment').create(booking(clinic, '2026-10-01', '09:00'))
    await server.db('appointment').where({ _id: created._id }).update({ status: 'completed' })
    const model = (await server.db('appointment').where({ _id: created._id }).first()) as Record<string, unknown>
    const json = (value: unknown) => (value === null || typeof value === 'string' ? value : JSON.stringify(value))
    // 1,200 more completed visits in October: 40 a day at 10:00, 10:01, …, each of its own length.
    const copies = Array.from({ length: COPIES }, (_, index) => {
      const date = `2026-10-${String(1 + (index % 30)).padStart(2, '0')}`
      const time = `10:${String(Math.floor(index / 30)).padStart(2, '0')}`
      const duration = 15 + (index % 4) * 15
      const start = at(date, time)
      return {
        ...model, _id: newId(), date, time, start, end: new Date(Date.parse(start) + duration * 60_000).toISOString(), blockedUntil: new Date(Date.parse(start) + duration * 60_000).toISOString(),
        duration, services: json(model.services), repeat: json(model.repeat), reminder: json(model.reminder)
      }
    })
    for (let start = 0; start < copies.length; start += 100) await server.db('appointment').insert(copies.slice(start, start + 100))
  }, 120_000)
  afterAll(() => server.stop())

  it('exports every visit behind the summary\'s number, each once: as many as its total', async () => {
    const screen = await read(clinic.admin, 'reports-summary', { $rows: 'visits' })
    expect(screen.total).toBe(COPIES + 1)
    expect(screen.data.length).toBe(1000)
    const { ready, lines } = await exportCsv(clinic.admin, 'reports-summary', { $rows: 'visits' }, [
      { key: 'day', title: 'День', kind: 'date' },
      { key: 'label', title: 'Время', kind: 'text' },
      { key: 'customerName', title: 'Пациент', kind: 'text' },
      { key: 'value', title: 'Значение', kind: 'number' }
    ])
    const [header, ...rows] = lines
    expect(header).toEqual(['День', 'Время', 'Пациент', 'Значение'])
    expect([ready.done, ready.total, rows.length]).toEqual([screen.total, screen.total, screen.total])
    expect(new Set(rows.map((row) => `${row[0]} ${row[1]}`)).size).toBe(screen.total)
    expect(rows.reduce((sum, row) => sum + Number(row[3]), 0)).toBe(screen.sum)
    expect(rows.every((row) => row[2] === 'Virtanen Aino')).toBe(true)
    // In the read's order (start, then id): the first day's first, the last day's last.
    expect([rows[0][0], rows[rows.length - 1][0]]).toEqual(['2026-10-01', '2026-10-30'])
  })

  it('exports every booked appointment of the appointments report: the rows and the minutes are its total and sum', async () => {
    const screen = await read(clinic.admin, 'appointment-reports', { $rows: 'bookedMinutes' })
    expect(screen.total).toBe(COPIES + 1)
    expect(screen.data.length).toBe(1000)
    const second = await read(clinic.admin, 'appointment-reports', { $rows: 'bookedMinutes', $limit: 1000, $skip: 1000 })
    expect(second.data.length).toBe(COPIES + 1 - 1000)
    expect(second.data.some((row) => screen.data.some((first) => first._id === row._id))).toBe(false)
    const { lines } = await exportCsv(clinic.admin, 'appointment-reports', { $rows: 'bookedMinutes' }, [
      { key: 'day', title: 'День', kind: 'date' },
      { key: 'time', title: 'Время', kind: 'text' },
      { key: 'doctorName', title: 'Врач', kind: 'text' },
      { key: 'value', title: 'Минуты', kind: 'number' }
    ])
    const rows = lines.slice(1)
    expect(rows.length).toBe(screen.total)
    expect(new Set(rows.map((row) => `${row[0]} ${row[1]}`)).size).toBe(screen.total)
    expect(rows.reduce((sum, row) => sum + Number(row[3]), 0)).toBe(screen.sum)
    expect(screen.sum).toBe(30 + (COPIES / 4) * (15 + 30 + 45 + 60))
  })
})
