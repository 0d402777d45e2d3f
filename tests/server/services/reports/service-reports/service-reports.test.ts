import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { PERIOD, serviceClinic, type ServiceClinic } from '../service-fixture'
import type { ReportsSummary } from '../../../../../server/src/services/reports/reports-summary/reports-summary.shared'
import { serviceFigures, type ServiceFigure, type ServiceReport, type ServiceReportRows } from '../../../../../server/src/services/reports/service-reports/service-reports.shared'

describe.each(engines)('service reports on %s', (engine) => {
  let server: TestServer
  let data: ServiceClinic

  const report = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('service-reports').find({ query: { ...PERIOD, ...query } }) as Promise<ServiceReport>
  const rows = (who: SignedIn, figure: ServiceFigure, query: Record<string, unknown> = {}) => who.client.service('service-reports').find({ query: { ...PERIOD, $rows: figure, ...query } }) as Promise<ServiceReportRows>
  const added = (found: ServiceReportRows) => found.data.reduce((sum, row) => sum + row.value, 0)

  beforeAll(async () => {
    server = await startServer(engine)
    data = await serviceClinic(server)
  })
  afterAll(() => server.stop())

  it('counts treatments done, units billed, revenue and the average price per service and category', async () => {
    const { finance, filling, cleaning, therapy, northId, clinic } = data
    const found = await report(finance)
    expect(found.totals).toEqual({ done: 7, billed: 5, revenue: 47_499, average: 9_500 })
    expect(found.services).toEqual([
      { serviceId: filling, name: 'Пломба', categoryId: therapy, categoryName: 'Терапия', done: 4, billed: 4, revenue: 42_999, average: 10_750 },
      { serviceId: cleaning, name: 'Чистка', categoryId: null, categoryName: '', done: 3, billed: 1, revenue: 4_500, average: 4_500 }
    ])
    expect(found.categories).toEqual([
      { categoryId: therapy, name: 'Терапия', done: 4, billed: 4, revenue: 42_999, average: 10_750 },
      { categoryId: null, name: '', done: 3, billed: 1, revenue: 4_500, average: 4_500 }
    ])
    expect(found.formulas.average).toBe('reports.services.formulas.average')
    // The services' revenue is the invoices' billed total here (one discounted invoice, no rounding left over).
    const summary = (await finance.client.service('reports-summary').find({ query: PERIOD })) as ReportsSummary
    expect(summary.totals.billed).toBe(found.totals.revenue)
    // One branch; one doctor (the lines' and treatments' doctor).
    expect((await report(finance, { branchId: northId })).totals).toEqual({ done: 1, billed: 0, revenue: 0, average: null })
    expect((await report(finance, { doctorId: data.doctorB.user._id })).totals).toEqual({ done: 2, billed: 2, revenue: 13_499, average: 6_750 })
    expect((await report(finance, { doctorId: clinic.doctor.user._id })).totals).toEqual({ done: 5, billed: 3, revenue: 34_000, average: 11_333 })
  })

  it('every number equals the sum of its drill-down rows', async () => {
    const { finance } = data
    const found = await report(finance)
    for (const figure of serviceFigures) {
      const all = await rows(finance, figure)
      expect([figure, added(all), all.sum, all.total]).toEqual([figure, found.totals[figure], found.totals[figure], all.data.length])
      for (const line of found.services) {
        const narrowed = await rows(finance, figure, { serviceId: line.serviceId ?? 'none' })
        expect([figure, line.name, added(narrowed), narrowed.sum]).toEqual([figure, line.name, line[figure], line[figure]])
      }
      for (const line of found.categories) {
        const narrowed = await rows(finance, figure, { categoryId: line.categoryId ?? 'none' })
        expect([figure, line.name, added(narrowed), narrowed.sum]).toEqual([figure, line.name, line[figure], line[figure]])
      }
    }
    const revenue = await rows(finance, 'revenue', { serviceId: data.cleaning })
    expect(revenue.data.map((row) => [row.day, row.customerName, row.doctorName, row.quantity, row.amount, row.invoice?.startsWith('INV-')])).toEqual([['2026-12-03', 'Петрова Ольга', 'Bea Doctor', 1, 4_500, true]])
    const done = await rows(finance, 'done', { serviceId: data.cleaning })
    expect(done.data.map((row) => [row.day, row.customerName, row.amount, row.invoice])).toEqual([
      ['2026-12-03', 'Петрова Ольга', 5_000, null], ['2026-12-04', 'Virtanen Aino', 3_000, null], ['2026-12-05', 'Virtanen Aino', 4_000, null]
    ])
    const limited = await rows(finance, 'revenue', { $limit: 2 })
    expect([limited.data.length, limited.total, limited.sum]).toEqual([2, 4, 47_499])
  })

  it('requires the period and refuses malformed narrowings', async () => {
    const { finance } = data
    const none = await failure(finance.client.service('service-reports').find({ query: {} }))
    expect([none.name, none.data?.code, none.data?.path, none.message]).toEqual(['BadRequest', 'date-constraint-required', 'from', 'Date constraint is required'])
    const bad = [
      { from: PERIOD.to, to: PERIOD.from }, { from: '2025-01-01', to: '2026-11-01' }, { ...PERIOD, serviceId: data.filling },
      { ...PERIOD, $rows: 'profit' }, { ...PERIOD, $rows: 'done', serviceId: 'someone' }, { ...PERIOD, $limit: 5 },
      { ...PERIOD, $rows: 'done', $limit: 0 }, { ...PERIOD, extra: 1 }
    ]
    for (const query of bad) expect([JSON.stringify(query), (await failure(finance.client.service('service-reports').find({ query: malformed(query) }))).name]).toEqual([JSON.stringify(query), 'BadRequest'])
  })

  it('shows a caller without seeAll only their own figures, limits branches, and keeps companies apart', async () => {
    const { clinic, northId, doctorB } = data
    expect((await failure(report(clinic.doctor))).name).toBe('Forbidden')
    const role = await clinic.admin.client.service('roles').create({ name: 'Doctor with services', permissions: [{ resource: 'service-reports', view: true }] })
    const doctor = await signedInMember(server, clinic.admin, { roleId: role._id, branchIds: [clinic.branchId] })
    const b = doctorB.user._id
    await server.db('treatments').where({ doctorId: b }).update({ doctorId: doctor.user._id })
    await server.db('invoice_lines').where({ doctorId: b }).update({ doctorId: doctor.user._id })
    try {
      const own = await report(doctor)
      expect([own.doctorId, own.totals]).toEqual([doctor.user._id, { done: 2, billed: 2, revenue: 13_499, average: 6_750 }])
      expect((await rows(doctor, 'revenue')).sum).toBe(13_499)
      expect((await failure(report(doctor, { doctorId: clinic.doctor.user._id }))).data?.code).toBe('access-restricted')
    } finally {
      await server.db('treatments').where({ doctorId: doctor.user._id }).update({ doctorId: b })
      await server.db('invoice_lines').where({ doctorId: doctor.user._id }).update({ doctorId: b })
    }

    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    const refused = await failure(report(limited, { branchId: northId }))
    expect([refused.name, refused.data?.code]).toEqual(['BadRequest', 'branch-not-allowed'])
    expect((await report(limited)).totals.done).toBe(6)

    const stranger = await server.registerClinic('Elsewhere')
    const foreign = await report(stranger)
    expect([foreign.services, foreign.totals.done]).toEqual([[], 0])
    expect((await rows(stranger, 'revenue')).data).toEqual([])
  })
})
