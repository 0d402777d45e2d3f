import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { PERIOD, serviceClinic, type ServiceClinic } from '../service-fixture'
import { topperListOf, topperLists, type TopperEntry, type TopperList, type TopperRows, type Toppers } from '../../../../../server/src/services/reports/toppers/toppers.shared'

describe.each(engines)('toppers on %s', (engine) => {
  let server: TestServer
  let data: ServiceClinic

  const toppers = (who: SignedIn, query: Record<string, unknown> = {}) => who.client.service('toppers').find({ query: { ...PERIOD, ...query } }) as Promise<Toppers>
  const rows = (who: SignedIn, query: Record<string, unknown>) => who.client.service('toppers').find({ query: { ...PERIOD, ...query } }) as Promise<TopperRows>
  /** The drill-down of one entry of a list, as the screen asks it. */
  const drillOf = (list: TopperList, entry: TopperEntry) => {
    const { grain, figure } = topperListOf[list]
    return { $rows: figure, [`${grain}Id`]: entry.key }
  }
  const short = (entries: TopperEntry[]) => entries.map((entry) => [entry.name, entry.value])

  beforeAll(async () => {
    server = await startServer(engine)
    data = await serviceClinic(server)
  })
  afterAll(() => server.stop())

  it('ranks doctors, services and sources of the period', async () => {
    const found = await toppers(data.finance)
    expect(Object.fromEntries(topperLists.map((list) => [list, short(found.lists[list])]))).toEqual({
      doctorsByRevenue: [['Anna Doctor', 34_000], ['Bea Doctor', 13_499]],
      doctorsByVisits: [['Anna Doctor', 3], ['Bea Doctor', 1]],
      servicesByRevenue: [['Пломба', 42_999], ['Чистка', 4_500]],
      servicesByCount: [['Пломба', 4], ['Чистка', 3]],
      sourcesByNewPatients: [['', 1], ['Instagram', 1]],
      sourcesByRevenue: [['Instagram', 34_000], ['', 13_499]]
    })
    expect(found.lists.sourcesByRevenue.map((entry) => entry.key)).toEqual([data.instagram, 'none'])
    expect(found.formulas.newPatients).toBe('reports.toppers.formulas.newPatients')
    const north = await toppers(data.finance, { branchId: data.northId })
    expect([short(north.lists.servicesByCount), north.lists.doctorsByRevenue]).toEqual([[['Чистка', 1]], []])
  })

  it('every number equals the sum of its drill-down rows', async () => {
    const { finance } = data
    const found = await toppers(finance)
    for (const list of topperLists) {
      for (const entry of found.lists[list]) {
        const narrowed = await rows(finance, drillOf(list, entry))
        const added = narrowed.data.reduce((sum, row) => sum + row.value, 0)
        expect([list, entry.name, added, narrowed.sum, narrowed.total]).toEqual([list, entry.name, entry.value, entry.value, narrowed.data.length])
      }
    }
    const visits = await rows(finance, { $rows: 'visits', doctorId: data.doctorB.user._id })
    expect(visits.data.map((row) => [row.day, row.customerName, row.doctorName, row.label])).toEqual([['2026-12-03', 'Петрова Ольга', 'Bea Doctor', '10:00']])
    const revenue = await rows(finance, { $rows: 'revenue', sourceId: data.instagram })
    expect(revenue.data.map((row) => [row.day, row.value, row.label.startsWith('Пломба · INV-')])).toEqual([['2026-12-02', 10_000, true], ['2026-12-02', 24_000, true]])
  })

  it('requires the period, refuses narrowings its figure has not, and limits a caller to their own figures and branches', async () => {
    const { finance, clinic, northId } = data
    const none = await failure(finance.client.service('toppers').find({ query: {} }))
    expect([none.name, none.data?.code, none.data?.path]).toEqual(['BadRequest', 'date-constraint-required', 'from'])
    const bad = [
      { ...PERIOD, sourceId: data.instagram }, { ...PERIOD, $rows: 'visits', serviceId: data.filling }, { ...PERIOD, $rows: 'done', sourceId: 'none' },
      { ...PERIOD, $rows: 'newPatients', serviceId: 'none' }, { ...PERIOD, $rows: 'profit' }, { ...PERIOD, $limit: 3 }, { ...PERIOD, extra: 1 }
    ]
    for (const query of bad) expect([JSON.stringify(query), (await failure(finance.client.service('toppers').find({ query: malformed(query) }))).name]).toEqual([JSON.stringify(query), 'BadRequest'])

    expect((await failure(toppers(clinic.doctor))).name).toBe('Forbidden')
    const role = await clinic.admin.client.service('roles').create({ name: 'Doctor with toppers', permissions: [{ resource: 'toppers', view: true }] })
    const doctor = await signedInMember(server, clinic.admin, { roleId: role._id, branchIds: [clinic.branchId] })
    const own = await toppers(doctor)
    expect([own.doctorId, own.lists.doctorsByRevenue, own.lists.servicesByCount]).toEqual([doctor.user._id, [], []])
    expect((await failure(toppers(doctor, { doctorId: clinic.doctor.user._id }))).data?.code).toBe('access-restricted')

    const limited = await signedInMember(server, clinic.admin, { role: 'finance', branchIds: [clinic.branchId] })
    expect((await failure(toppers(limited, { branchId: northId }))).data?.code).toBe('branch-not-allowed')
    expect(short((await toppers(limited)).lists.servicesByCount)).toEqual([['Пломба', 4], ['Чистка', 2]])
    const stranger = await server.registerClinic('Elsewhere')
    expect(Object.values((await toppers(stranger)).lists).flat()).toEqual([])
  })
})
