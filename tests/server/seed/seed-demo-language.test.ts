import { engines, startServer, type SignedIn, type TestServer } from '../support/harness'
import { DEMO_SIGN_IN, seedDemoClinic } from '../../../server/src/seed-demo'
import { CATALOGUE } from '../../../server/src/seed-demo-catalogue'
import { demoLocaleOf } from '../../../server/src/seed-demo-texts'
import { configurationFromEnv } from '../../../server/src/configuration'

/**
 * Words in Latin letters a Russian clinic writes as they are: brands and the service codes.
 * Anything else in Latin letters in a ru demo's names is an untranslated text.
 */
const LATIN_ALLOWED = ['Air Flow', 'E.max', 'VIP', 'Instagram', 'Telegram', 'Google Maps']
const CODE = /\b[A-Z]{1,2}-\d{2}\b/g

function latinLeft(text: string): string | null {
  let rest = text.replace(CODE, '')
  for (const word of LATIN_ALLOWED) rest = rest.split(word).join('')
  return /[A-Za-z]/.test(rest) ? text : null
}

interface Named { name: string }
async function visibleNames(admin: SignedIn) {
  const all = { query: { $limit: 500 } }
  const [categories, services, places, templates, specialties, tags, sources, branches] = await Promise.all(
    ['service-categories', 'service', 'work-place', 'time-templates', 'specialty', 'tags', 'sources', 'branches'].map((path) => admin.client.service(path as 'service').find(all))
  )
  return Object.fromEntries(Object.entries({ categories, services, places, templates, specialties, tags, sources, branches }).map(([kind, page]) => [kind, (page.data as Named[]).map((row) => row.name)])) as Record<string, string[]>
}

describe('demo texts', () => {
  it('name every service in Russian, Uzbek and English', () => {
    for (const category of CATALOGUE) for (const { names } of [category, ...category.services]) {
      expect(Object.values(names).every((name) => name.trim().length > 0)).toBe(true)
      expect(latinLeft(names.ru)).toBeNull()
      expect(/[А-яЁё]/.test(names.uz) || /[А-яЁё]/.test(names.en)).toBe(false)
    }
  })

  it('follow the company locale: ru1 is Russian, fi gets English, an unknown one is refused', () => {
    expect(['ru', 'ru1', 'uz', 'en', 'fi'].map(demoLocaleOf)).toEqual(['ru', 'ru', 'uz', 'en', 'en'])
    expect(() => demoLocaleOf('de')).toThrow('no demo texts')
  })

  it('take DEMO_LOCALE, Russian by default, refusing an unknown one at start', () => {
    const env = (DEMO_LOCALE?: string) => ({ DATA_DIR: '/nonexistent/clinic-data', WEB_ROOT: '/nonexistent/clinic-web', AUTH_SECRET: 'x'.repeat(40), DEMO_LOCALE })
    expect(configurationFromEnv(env()).demoLocale).toBe('ru')
    expect(configurationFromEnv(env('uz')).demoLocale).toBe('uz')
    expect(() => configurationFromEnv(env('de'))).toThrow('DEMO_LOCALE')
  })
})

describe.each(engines)('the demo clinic language on %s', (engine) => {
  describe('a ru demo', () => {
    let server: TestServer
    let admin: SignedIn
    beforeAll(async () => {
      server = await startServer(engine)
      await seedDemoClinic(server.app, { locale: 'ru' })
      admin = await server.signIn(DEMO_SIGN_IN.email, DEMO_SIGN_IN.password)
    }, 60_000)
    afterAll(() => server.stop())

    it('is a Russian company whose visible names have no Latin words but codes and brands', async () => {
      expect((await admin.client.service('company').get('mine')).locale).toBe('ru')
      // The administrator keeps no saved language, so the device's (the sign-in screen's) choice shows.
      expect(await admin.client.service('profile').get(admin.auth.user._id)).toHaveProperty('locale', null)
      const names = await visibleNames(admin)
      for (const kind of ['categories', 'services', 'places', 'templates', 'specialties', 'tags', 'sources', 'branches']) expect(names[kind].length).toBeGreaterThan(0)
      expect(Object.values(names).flat().map(latinLeft).filter(Boolean)).toEqual([])
    })

    it('names the booked services and notes in Russian too', async () => {
      const appointments = (await admin.client.service('appointment').find({ query: { $limit: 500 } })).data
      expect(appointments.length).toBeGreaterThan(0)
      const texts = appointments.flatMap((row) => [...row.services.map((service) => service.name), row.notes ?? ''])
      expect(texts.map(latinLeft).filter(Boolean)).toEqual([])
      expect(appointments.some((row) => row.notes)).toBe(true)
    })

    it('titles the treatment plans and their stages in Russian', async () => {
      const plans = (await server.db('treatment_plans').select('title', 'phases')) as Array<{ title: string; phases: string | Array<{ title: string }> }>
      expect(plans.length).toBeGreaterThan(0)
      const texts = plans.flatMap((plan) => [plan.title, ...(typeof plan.phases === 'string' ? JSON.parse(plan.phases) : plan.phases).map((phase: { title: string }) => phase.title)])
      expect(texts.map(latinLeft).filter(Boolean)).toEqual([])
    })
  })

  describe('an en demo', () => {
    let server: TestServer
    let admin: SignedIn
    beforeAll(async () => {
      server = await startServer(engine)
      await seedDemoClinic(server.app, { locale: 'en' })
      admin = await server.signIn(DEMO_SIGN_IN.email, DEMO_SIGN_IN.password)
    }, 60_000)
    afterAll(() => server.stop())

    it('is an English company with English names', async () => {
      expect((await admin.client.service('company').get('mine')).locale).toBe('en')
      const names = await visibleNames(admin)
      expect(names.categories).toEqual(CATALOGUE.map((category) => category.names.en))
      expect(names.services).toContain('Initial consultation')
      expect(names.places).toEqual(expect.arrayContaining(['Chair 1', 'Chair 4', 'X-ray room']))
      expect(names.templates.sort()).toEqual(['Evening shift', 'Morning shift'])
      expect(Object.values(names).flat().filter((name) => /[А-яЁё]/.test(name))).toEqual([])
      const plans = (await server.db('treatment_plans').select('title')) as Array<{ title: string }>
      expect(plans.length).toBeGreaterThan(0)
      expect(plans.filter((plan) => /[А-яЁё]/.test(plan.title))).toEqual([])
    })
  })
})
