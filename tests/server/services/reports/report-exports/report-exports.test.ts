import ExcelJS from 'exceljs'
import { engines, eventWhere, failure, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { moneyClinic, type MoneyClinic } from '../money-fixture'
import { exportRound } from '../../../../../server/src/services/reports/report-exports/export-run'
import { mediaStoreOf } from '../../../../../server/src/services/customers/media/media-files'
import type { ReportExport } from '../../../../../server/src/services/reports/report-exports/report-exports.shared'
import type { PaymentReportRows } from '../../../../../server/src/services/reports/payment-reports/payment-reports.shared'
import type { Notification } from '../../../../../server/src/services/messaging/my-notifications/my-notifications.shared'
import { newId } from '../../../../../server/src/hooks/ids'

const PERIOD = { from: '2026-10-01', to: '2026-11-08' }
const MANY = 1_500
const COLUMNS = [
  { key: 'date', title: 'Когда', kind: 'datetime' },
  { key: 'customerName', title: 'Пациент', kind: 'text' },
  { key: 'method', title: 'Способ', kind: 'text' },
  { key: 'value', title: 'Сумма', kind: 'money' }
] as const
const LABELS = { method: { cash: 'Наличные', card: 'Карта', mobile: 'Мобильный' } }

describe.each(engines)('report exports on %s', (engine) => {
  let server: TestServer
  let money: MoneyClinic

  const exportsOf = (who: SignedIn) => who.client.service('report-exports')
  const ask = (who: SignedIn, query: Record<string, unknown> = {}, format: 'csv' | 'xlsx' = 'csv') =>
    exportsOf(who).create({ report: 'payment-reports', query: { ...PERIOD, $rows: 'collected', ...query }, format, columns: [...COLUMNS], labels: LABELS, title: 'Платежи: получено' }) as Promise<ReportExport>
  const rows = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('payment-reports').find({ query: { ...PERIOD, $rows: 'collected', ...query } }) as Promise<PaymentReportRows>
  /** Runs the background rounds until nothing is waiting. */
  const runAll = async () => {
    while ((await exportRound(server.app)) > 0);
  }
  const download = async (who: SignedIn, id: string) => {
    const made = (await exportsOf(who).get(id)) as ReportExport
    expect(made.status).toBe('ready')
    const answer = await fetch(`${server.url}${made.link!.file}`)
    expect(answer.status).toBe(200)
    return { made, answer, bytes: Buffer.from(await answer.arrayBuffer()) }
  }
  const csvLines = (bytes: Buffer) => {
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.toString('utf8').slice(1)
    expect(text.endsWith('\r\n')).toBe(true)
    return text.slice(0, -2).split('\r\n').map((line) => line.split(';'))
  }
  /** "1500.50" → 150050, without floats. */
  const minor = (text: string) => {
    const [whole, cents] = text.replace('-', '').split('.')
    return (text.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(cents))
  }

  beforeAll(async () => {
    server = await startServer(engine)
    money = await moneyClinic(server)
    // 1,500 more payments in October: the drawer shows 1,000 of them, the export every one.
    const model = await server.db('transactions').where({ companyId: (await server.db('branches').where({ _id: money.clinic.branchId }).first()).companyId, method: 'cash', kind: 'payment' }).whereNull('cancelledAt').first()
    const copies = Array.from({ length: MANY }, (_, index) => ({
      ...model,
      _id: newId(),
      clientKey: newId(),
      amount: 100 + index,
      date: new Date(Date.UTC(2026, 9, 1 + (index % 30), 8, index % 60)).toISOString(),
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString()
    }))
    for (let start = 0; start < copies.length; start += 100) await server.db('transactions').insert(copies.slice(start, start + 100))
  }, 120_000)
  afterAll(() => server.stop())

  it('writes every row of a large drill-down to CSV: the rows and the money total are the report\'s', async () => {
    const { finance } = money
    const screen = await rows(finance)
    expect(screen.total).toBeGreaterThan(MANY)
    expect(screen.data.length).toBe(1000)
    const hears = eventWhere<ReportExport>(finance.client, 'report-exports', 'patched', (item) => item.status === 'ready')
    const bell = eventWhere<Notification>(finance.client, 'my-notifications', 'created', (item) => item.kind === 'report-export-ready')
    const made = await ask(finance)
    expect(made).toMatchObject({ status: 'queued', done: 0, total: screen.total, userId: finance.user._id })
    expect(made).not.toHaveProperty('sessionId')
    await runAll()
    const ready = await hears
    expect([ready._id, ready.done, ready.total]).toEqual([made._id, screen.total, screen.total])
    const notification = await bell
    expect(notification).toMatchObject({ userId: finance.user._id, link: `/report-exports/${made._id}/file`, params: { exportId: made._id, title: 'Платежи: получено', rows: screen.total } })

    const { answer, bytes } = await download(finance, made._id)
    expect(answer.headers.get('content-type')).toContain('text/csv')
    expect(answer.headers.get('content-disposition')).toContain(encodeURIComponent('Платежи_ получено.csv'))
    const [header, ...lines] = csvLines(bytes)
    expect(header).toEqual(['Когда', 'Пациент', 'Способ', 'Сумма'])
    expect(lines.length).toBe(screen.total)
    expect(lines.reduce((sum, line) => sum + minor(line[3]), 0)).toBe(screen.sum)
    expect(new Set(lines.map((line) => line[2]))).toEqual(new Set(['Наличные', 'Карта', 'Мобильный']))
    expect(lines.some((line) => line[1] === 'Петрова Ольга')).toBe(true)
    expect(lines[0][0]).toMatch(/^2026-10-\d{2} \d{2}:\d{2}$/)
  })

  it('writes xlsx with exceljs on the server: money in major units, Cyrillic intact, header frozen', async () => {
    const { finance } = money
    const screen = await rows(finance, { method: 'cash' })
    const made = await ask(finance, { method: 'cash' }, 'xlsx')
    await runAll()
    const { bytes } = await download(finance, made._id)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]
    expect(sheet.getRow(1).values).toEqual([undefined, 'Когда', 'Пациент', 'Способ', 'Сумма'])
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    const values: Array<Array<unknown>> = []
    sheet.eachRow((row, index) => {
      if (index > 1) values.push((row.values as unknown[]).slice(1))
    })
    expect(values.length).toBe(screen.total)
    expect(values.every((row) => row[2] === 'Наличные')).toBe(true)
    expect(values.reduce((sum, row) => sum + Math.round(Number(row[3]) * 100), 0)).toBe(screen.sum)
    expect(sheet.getColumn(4).numFmt).toBe('#,##0.00')
  })

  it('reads as the member who asked: a doctor without seeAll gets only their own rows', async () => {
    const { clinic } = money
    const role = await clinic.admin.client.service('roles').create({ name: 'Doctor with payments', permissions: [{ resource: 'payment-reports', view: true }] })
    await server.db('users').where({ _id: clinic.doctor.user._id }).update({ roleId: role._id })
    const own = await rows(clinic.doctor)
    const everyone = await rows(money.finance)
    expect(own.total).toBeGreaterThan(0)
    expect(own.total).toBeLessThan(everyone.total)
    const made = await ask(clinic.doctor)
    await runAll()
    const [, ...lines] = csvLines((await download(clinic.doctor, made._id)).bytes)
    expect(lines.length).toBe(own.total)
    expect(lines.reduce((sum, line) => sum + minor(line[3]), 0)).toBe(own.sum)
  })

  it('keeps an export to its owner: another member or company gets nothing, the route refuses without auth', async () => {
    const { finance, clinic } = money
    const made = await ask(finance, { method: 'mobile' })
    const others = receivesEvent(clinic.admin.client, 'report-exports', 'patched', 2000)
    const mine = eventWhere<ReportExport>(finance.client, 'report-exports', 'patched', (item) => item._id === made._id && item.status === 'ready')
    await runAll()
    await mine
    expect(await others).toBe(false)
    const other = await server.registerClinic('Elsewhere')
    expect((await failure(exportsOf(other).get(made._id))).name).toBe('NotFound')
    expect((await failure(exportsOf(clinic.admin).get(made._id))).name).toBe('NotFound')
    expect((await exportsOf(other).find({})).total).toBe(0)
    expect((await failure(exportsOf(other).remove(made._id))).name).toBe('NotFound')
    const bare = `${server.url}/report-exports/${made._id}/file`
    expect((await fetch(bare)).status).toBe(401)
    expect((await fetch(bare, { headers: { Authorization: `Bearer ${other.auth.accessToken}` } })).status).toBe(404)
    expect((await fetch(bare, { headers: { Authorization: `Bearer ${clinic.admin.auth.accessToken}` } })).status).toBe(404)
    expect((await fetch(bare, { headers: { Authorization: `Bearer ${finance.auth.accessToken}` } })).status).toBe(200)
    // A link signed for the owner, altered, is refused.
    const { made: ready } = await download(finance, made._id)
    expect((await fetch(`${server.url}${ready.link!.file.replace(/sig=[^&]+/, 'sig=forged')}`)).status).toBe(401)
  })

  it('refuses at create what the report refuses, with its own error', async () => {
    const { finance, clinic, northId } = money
    const noPeriod = await failure(exportsOf(finance).create({ report: 'payment-reports', query: { $rows: 'collected' }, format: 'csv', columns: [...COLUMNS], labels: {}, title: 'x' }))
    expect([noPeriod.name, noPeriod.data?.code]).toEqual(['BadRequest', 'date-constraint-required'])
    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    expect((await failure(ask(limited, { branchId: northId }))).data?.code).toBe('branch-not-allowed')
    const reception = await signedInMember(server, clinic.admin, { role: 'administrator', branchIds: [clinic.branchId] })
    await server.db('users').where({ _id: reception.user._id }).update({ roleId: (await clinic.admin.client.service('roles').create({ name: 'No reports', permissions: [{ resource: 'customers', view: true }] }))._id })
    expect((await failure(ask(reception))).name).toBe('Forbidden')
    // Strict: no query without `$rows`, no paging of one's own, no service that is not a report, bounded columns.
    expect((await failure(ask(finance, { $rows: undefined }))).data?.code).toBe('invalid-request')
    expect((await failure(ask(finance, { $skip: 5 }))).name).toBe('BadRequest')
    expect((await failure(exportsOf(finance).create({ report: malformed<'payment-reports'>('users'), query: { ...PERIOD, $rows: 'visits' }, format: 'csv', columns: [...COLUMNS], labels: {}, title: 'x' }))).name).toBe('BadRequest')
    const tooMany = Array.from({ length: 41 }, (_, index) => ({ key: `field${index}`, title: 't', kind: 'text' as const }))
    expect((await failure(exportsOf(finance).create({ report: 'payment-reports', query: { ...PERIOD, $rows: 'collected' }, format: 'csv', columns: tooMany, labels: {}, title: 'x' }))).name).toBe('BadRequest')
    expect(await server.db('report_exports').where({ userId: reception.user._id }).count({ n: '*' }).then(([row]) => Number(row.n))).toBe(0)
  })

  it('runs at most three exports of a member at once, cancels one, and removes expired files', async () => {
    const { finance } = money
    const waiting = [await ask(finance), await ask(finance), await ask(finance)]
    const fourth = await failure(ask(finance))
    expect([fourth.name, fourth.code, fourth.data?.code]).toEqual(['TooManyRequests', 429, 'too-many-exports'])
    const removed = await exportsOf(finance).remove(waiting[0]._id)
    expect(removed._id).toBe(waiting[0]._id)
    expect((await failure(exportsOf(finance).get(waiting[0]._id))).name).toBe('NotFound')
    await runAll()
    const mine = (await exportsOf(finance).find({ query: { status: 'ready' } })) as { total: number; data: ReportExport[] }
    expect(mine.data.every((item) => item.userId === finance.user._id && item.link)).toBe(true)
    const keys = (await server.db('report_exports').where({ userId: finance.user._id }).whereNotNull('fileKey').select('fileKey')).map((row: { fileKey: string }) => row.fileKey)
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) expect(await mediaStoreOf(server.app).exists(key)).toBe(true)
    // A day later the files and their records are gone.
    await exportRound(server.app, () => Date.now() + 25 * 3_600_000)
    for (const key of keys) expect(await mediaStoreOf(server.app).exists(key)).toBe(false)
    expect((await exportsOf(finance).find({})).total).toBe(0)
  })

  it('takes over a job whose instance stopped, and only one claimer wins', async () => {
    const { finance } = money
    const made = await ask(finance, { method: 'mobile' })
    // Two instances claim at once: one gets it.
    const claims = await Promise.all([import('../../../../../server/src/services/reports/report-exports/export-store').then((store) => store.claimExport(server.db, Date.now())), import('../../../../../server/src/services/reports/report-exports/export-store').then((store) => store.claimExport(server.db, Date.now()))])
    expect(claims.filter(Boolean).map((job) => job!._id)).toEqual([made._id])
    // Its instance stops without a word: after the stale time another takes it over and finishes it.
    await exportRound(server.app, () => Date.now() + 6 * 60_000)
    expect((await exportsOf(finance).get(made._id)).status).toBe('ready')
  })
})
