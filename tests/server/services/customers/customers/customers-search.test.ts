import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { malformed } from '../../../support/malformed'

type Person = { first_name: string; last_name: string; middle_name?: string; phone?: string; archived?: boolean }

const PEOPLE: Record<string, Person> = {
  ali: { first_name: 'Ali', last_name: 'Karimov', middle_name: 'Valiyevich', phone: '+998 90 123 45 67' },
  alisher: { first_name: 'Alisher', last_name: 'Rahimov', phone: '+998 71 200 00 00' },
  vali: { first_name: 'Vali', last_name: 'Aliev' },
  anna: { first_name: 'Анна', last_name: 'Смирнова', middle_name: 'Петровна', phone: '+7 916 555-44-33' },
  fedor: { first_name: 'Фёдор', last_name: 'Ёлкин' },
  otkir: { first_name: 'O‘tkir', last_name: "G'ofurov" },
  mikko: { first_name: 'Mikko', last_name: 'Virtanen', phone: '+358 40 123 4567', archived: true }
}

/** `$search`: word prefixes of names in any order, Latin and Cyrillic; digits search phones. */
describe.each(engines)('customer search on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let other: SignedIn
  const ids: Record<string, string> = {}
  const names = new Map<string, string>()

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Search')
    other = await server.registerClinic('Other')
    for (const [key, person] of Object.entries(PEOPLE)) {
      const created = await admin.client.service('customers').create(person)
      ids[key] = created._id
      names.set(created._id, key)
    }
    // Another company's namesake must never turn up.
    await other.client.service('customers').create({ first_name: 'Ali', last_name: 'Karimov', phone: '+998 90 123 45 67' })
  })
  afterAll(() => server.stop())

  const search = async ($search: string, query: Record<string, unknown> = {}) => {
    const page = await admin.client.service('customers').find({ query: { $search, $limit: 50, ...query } })
    return page.data.map((customer) => names.get(customer._id) ?? `foreign ${customer.companyId}`).sort()
  }

  it.each([
    ['ali', ['ali', 'alisher', 'vali']],
    ['ALI', ['ali', 'alisher', 'vali']],
    ['karim', ['ali']],
    ['alish', ['alisher']],
    ['val', ['ali', 'vali']],
    ['рахимов', []],
    ['смир', ['anna']],
    ['АННА', ['anna']],
    ['петр', ['anna']],
    ['федор', ['fedor']],
    ['Фёд', ['fedor']],
    ['ёлк', ['fedor']],
    ['елкин', ['fedor']],
    ["o'tkir", ['otkir']],
    ['g‘ofur', ['otkir']],
    ['virtanen', ['mikko']]
  ])('matches one word %j as a case-insensitive starts-with on any name', async (term, expected) => {
    expect(await search(term)).toEqual(expected)
  })

  it.each([
    ['karimov ali', ['ali']],
    ['Ali Karimov', ['ali']],
    ['valiyevich karimov ali', ['ali']],
    ['kar val', ['ali']],
    ['смирнова анна', ['anna']],
    ['Петровна Анна Смирнова', ['anna']],
    ['ali smirnova', []],
    ['vali aliev', ['vali']],
    ['aliev vali', ['vali']]
  ])('matches every word of %j against some name, in any order', async (term, expected) => {
    expect(await search(term)).toEqual(expected)
  })

  it('matches starts only, never the middle of a name', async () => {
    expect(await search('rimov')).toEqual([])
    expect(await search('нна')).toEqual([])
  })

  it.each([
    ['+998 (90) 123-45-67', ['ali']],
    ['998901234567', ['ali']],
    ['99890', ['ali']],
    ['998', ['ali', 'alisher']],
    ['90 123 45 67', ['ali']],
    ['45-67', ['ali', 'mikko']],
    ['4567', ['ali', 'mikko']],
    ['(916) 555-44-33', ['anna']],
    ['+7 916', ['anna']],
    ['0123', []]
  ])('searches phones for the digits-only term %j: by prefix or by last digits', async (term, expected) => {
    expect(await search(term)).toEqual(expected)
  })

  it.each([
    ['90 123 45 67', ['ali']],
    ['(90) 123', ['ali']],
    ['90 123-4', ['ali']],
    ['90123', ['ali']],
    // Four digits are read as the last four only (the number's ending), not as a national start.
    ['90 12', []],
    ['(71) 200-00', ['alisher']],
    ['916 555', ['anna']],
    ['40 123', ['mikko']],
    // A plus means the country code is typed: no national reading.
    ['+90 123', []],
    ['(90) 124', []]
  ])('finds the national number as dictated, without the country code: %j', async (term, expected) => {
    expect(await search(term)).toEqual(expected)
  })

  it('follows a renamed customer: the new name is found, the old one no longer', async () => {
    const created = await admin.client.service('customers').create({ first_name: 'Temporary', last_name: 'Name', phone: '+998 93 000 00 01' })
    names.set(created._id, 'renamed')
    expect(await search('temporary')).toEqual(['renamed'])
    await admin.client.service('customers').patch(created._id, { first_name: 'Permanent', phone: '+998 93 000 00 02' })
    expect(await search('temporary')).toEqual([])
    expect(await search('permanent name')).toEqual(['renamed'])
    expect(await search('0001')).toEqual([])
    expect(await search('0002')).toEqual(['renamed'])
    await admin.client.service('customers').remove(created._id)
  })

  it('combines with filters, sorting and paging', async () => {
    expect(await search('virtanen', { archived: false })).toEqual([])
    expect(await search('4567', { archived: false })).toEqual(['ali'])
    const sorted = await admin.client.service('customers').find({ query: { $search: 'ali', $sort: { last_name: 1 as const }, $limit: 2 } })
    expect(sorted.total).toBe(3)
    expect(sorted.data.map((customer) => customer.last_name)).toEqual(['Aliev', 'Karimov'])
    const next = await admin.client.service('customers').find({ query: { $search: 'ali', $sort: { last_name: 1 as const }, $limit: 2, $skip: 2 } })
    expect(next.data.map((customer) => customer.last_name)).toEqual(['Rahimov'])
  })

  it('ignores a blank term and refuses one longer than 100 characters', async () => {
    expect((await search('   ')).length).toBeGreaterThanOrEqual(Object.keys(PEOPLE).length)
    const error = await failure(admin.client.service('customers').find({ query: { $search: 'a'.repeat(101) } }))
    expect(error.name).toBe('BadRequest')
    expect((await failure(admin.client.service('customers').find({ query: { $search: malformed(42) } }))).name).toBe('BadRequest')
  })

  it('treats LIKE wildcards and quotes in a term as plain characters', async () => {
    expect(await search('%')).toEqual([])
    expect(await search('_li')).toEqual([])
    expect(await search("' or 1=1 --")).toEqual([])
  })
})
