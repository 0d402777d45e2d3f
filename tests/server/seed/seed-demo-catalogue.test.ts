import { engines, startServer, type SignedIn, type TestServer } from '../support/harness'
import { DEMO_SIGN_IN, seedDemoClinic } from '../../../server/src/seed-demo'
import { scheduleProblem, workingIntervalsOn } from '../../../domain/schedule/working-hours'

/** The demo clinic's catalogue, chairs, shift templates and doctors' hours, through the API. */
describe.each(engines)('demo catalogue on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    await seedDemoClinic(server.app)
    admin = await server.signIn(DEMO_SIGN_IN.email, DEMO_SIGN_IN.password)
  }, 60_000)
  afterAll(() => server.stop())

  it('has a dental price list in categories, with real durations and prices in minor units', async () => {
    const categories = (await admin.client.service('service-categories').find()).data
    expect(categories.map((category) => category.name)).toEqual(['Диагностика', 'Терапия', 'Гигиена', 'Хирургия', 'Ортопедия', 'Ортодонтия', 'Детская стоматология'])
    const services = (await admin.client.service('service').find({ query: { $limit: 500 } })).data
    expect(services.length).toBeGreaterThanOrEqual(25)
    const categoryIds = new Set(categories.map((category) => category._id))
    for (const service of services) {
      expect(categoryIds.has(service.categoryId!)).toBe(true)
      expect(service.duration % 5).toBe(0)
      expect(service.price % 100).toBe(0)
    }
    expect(services.some((service) => service.public)).toBe(true)
    expect((await admin.client.service('service').find({ query: { $search: 'удаление зуба' } })).data.map((service) => service.code)).toEqual(['S-03'])
    expect((await admin.client.service('service').find({ query: { $search: 'or-0' } })).total).toBe(4)
  })

  it('has chairs and an X-ray room in each branch, and two shift templates', async () => {
    const places = (await admin.client.service('work-place').find({ query: { $limit: 500 } })).data
    expect(new Set(places.map((place) => place.branchId)).size).toBe(2)
    expect(places.filter((place) => place.kind === 'room').map((place) => place.name)).toEqual(['Рентген-кабинет', 'Рентген-кабинет'])
    expect(places.filter((place) => place.name === 'Кресло 4')).toHaveLength(1)
    const templates = (await admin.client.service('time-templates').find()).data
    expect(templates.map((template) => template.name).sort()).toEqual(['Вечерняя смена', 'Утренняя смена'])
  })

  it('has its doctors taking appointments with valid weekly hours, Sunday off', async () => {
    const doctors = (await admin.client.service('my-team').find({ query: { acceptsAppointments: true } })).data
    expect(doctors.map((doctor) => doctor.last_name).sort()).toEqual(['Karimov', 'Virtanen', 'Смирнова'])
    for (const doctor of doctors) {
      expect(scheduleProblem(doctor.schedule)).toBeNull()
      // 2026-05-10 is a Sunday, 2026-05-11 a Monday.
      expect(workingIntervalsOn(doctor.schedule, '2026-05-10')).toEqual([])
      expect(workingIntervalsOn(doctor.schedule, '2026-05-11').length).toBeGreaterThan(0)
    }
    expect(new Set(doctors.map((doctor) => JSON.stringify(doctor.schedule))).size).toBe(3)
  })
})
