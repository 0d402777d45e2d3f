import { engines, startServer, type SignedIn, type TestServer } from '../support/harness'
import { DEMO_SIGN_IN, seedDemoClinic } from '../../../server/src/seed-demo'
import { DEMO_BUNDLES, DEMO_TEMPLATES } from '../../../server/src/seed-demo-bundles'

/** The demo clinic's bundles and treatment templates, through the API, in the company's language. */
describe.each(engines)('demo bundles and templates on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    await seedDemoClinic(server.app)
    admin = await server.signIn(DEMO_SIGN_IN.email, DEMO_SIGN_IN.password)
  }, 60_000)
  afterAll(() => server.stop())

  it('has the bundles in Russian, of active services of the price list, each passing the service\'s own rules', async () => {
    const bundles = (await admin.client.service('bundle').find({ query: { $limit: 500 } })).data
    expect(bundles.map((bundle) => bundle.name).sort()).toEqual(DEMO_BUNDLES.map((bundle) => bundle.names.ru).sort())
    const services = new Map((await admin.client.service('service').find({ query: { archived: false, $limit: 500 } })).data.map((service) => [service._id, service]))
    for (const bundle of bundles) {
      expect(bundle.items.every((item) => services.has(item.serviceId) && item.quantity >= 1)).toBe(true)
      // Saved again whole through the API: the seed wrote nothing the service would refuse.
      expect(await admin.client.service('bundle').update(bundle._id, { name: bundle.name, specialtyId: bundle.specialtyId, items: bundle.items })).toEqual({ ...bundle, updatedAt: expect.any(String) })
    }
    expect((await admin.client.service('bundle').find({ query: { $search: 'имплант' } })).data.map((bundle) => bundle.name)).toEqual(['Имплантация под ключ'])
  })

  it('has treatment templates per specialty for known ICD-10 codes, phases of services or a bundle', async () => {
    const templates = (await admin.client.service('treatment-templates').find({ query: { $limit: 500 } })).data
    expect(templates.map((template) => template.name).sort()).toEqual(DEMO_TEMPLATES.map((template) => template.names.ru).sort())
    const specialties = new Map((await admin.client.service('specialty').find({ query: { $limit: 500 } })).data.map((specialty) => [specialty._id, specialty.name]))
    expect(templates.every((template) => template.specialtyId && specialties.has(template.specialtyId))).toBe(true)
    expect(templates.some((template) => template.phases.some((phase) => phase.bundleId))).toBe(true)
    for (const template of templates) {
      const replacement = { name: template.name, specialtyId: template.specialtyId, icd: template.icd, phases: template.phases }
      expect(await admin.client.service('treatment-templates').update(template._id, replacement)).toEqual({ ...template, updatedAt: expect.any(String) })
    }
  })
})
