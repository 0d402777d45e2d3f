import { engines, startServer, type SignedIn, type TestServer } from '../support/harness'
import { DEMO_SIGN_IN, seedDemoClinic } from '../../../server/src/seed-demo'
import { DEMO_TEXT_TEMPLATES } from '../../../server/src/seed-demo-text-templates'

describe('demo text templates', () => {
  it('are written in Russian, Uzbek and English, each in its own letters', () => {
    for (const { titles, contents } of DEMO_TEXT_TEMPLATES) {
      for (const words of [titles, contents]) {
        expect(Object.values(words).every((text) => text.trim().length > 0)).toBe(true)
        expect(/[A-Za-z]/.test(words.ru)).toBe(false)
        expect(/[А-яЁё]/.test(words.uz) || /[А-яЁё]/.test(words.en)).toBe(false)
      }
    }
  })
})

/** The demo clinic's text templates, through the API, in the company's language. */
describe.each(engines)('demo text templates on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    await seedDemoClinic(server.app)
    admin = await server.signIn(DEMO_SIGN_IN.email, DEMO_SIGN_IN.password)
  }, 60_000)
  afterAll(() => server.stop())

  it('has the templates in Russian for every place, each passing the service\'s own rules', async () => {
    const templates = (await admin.client.service('text-templates').find({ query: { $limit: 500 } })).data
    expect(templates.map((template) => template.title).sort()).toEqual(DEMO_TEXT_TEMPLATES.map((template) => template.titles.ru).sort())
    expect(new Set(templates.map((template) => template.offeredIn))).toEqual(new Set(['any', 'exam', 'messages', 'notes']))
    for (const template of templates) {
      // Saved again whole through the API: the seed wrote nothing the service would refuse.
      expect(await admin.client.service('text-templates').update(template._id, { title: template.title, content: template.content, offeredIn: template.offeredIn })).toEqual({ ...template, updatedAt: expect.any(String) })
    }
    expect((await admin.client.service('text-templates').find({ query: { $search: 'рекоменд' } })).data.map((template) => template.title)).toEqual(['Рекомендации после гигиены', 'Рекомендации после удаления зуба'])
  })
})
