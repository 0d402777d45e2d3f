import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { malformed } from '../../../support/malformed'

/** `$regex` and `$options` on customers' name, phone and e-mail fields, run by the database. */
describe.each(engines)('customer $regex on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Regex')
    const people = {
      alisher: { first_name: 'Алишер', last_name: 'Усманов', email: 'alisher@mail.uz', phone: '+998 90 123 45 67' },
      ali: { first_name: 'Ali', last_name: 'Valiyev', middle_name: 'Karimovich', email: 'ali@example.com' },
      mary: { first_name: 'Mary', last_name: 'Smith', phone: '+1 555 000 4567' }
    }
    for (const [key, person] of Object.entries(people)) ids[key] = (await admin.client.service('customers').create(person))._id
  })
  afterAll(() => server.stop())

  const find = async (query: Record<string, unknown>) => {
    const page = await admin.client.service('customers').find({ query })
    return page.data.map((customer) => Object.keys(ids).find((key) => ids[key] === customer._id)).sort()
  }

  it('matches case-sensitively by default and case-insensitively with $options "i", in any script', async () => {
    expect(await find({ first_name: { $regex: '^ал' } })).toEqual([])
    expect(await find({ first_name: { $regex: '^ал', $options: 'i' } })).toEqual(['alisher'])
    expect(await find({ first_name: { $regex: '^AL', $options: 'i' } })).toEqual(['ali'])
    expect(await find({ first_name: { $regex: '^Al' } })).toEqual(['ali'])
  })

  it('works on every name, phone and e-mail field, and inside $or', async () => {
    expect(await find({ last_name: { $regex: 'ов$' } })).toEqual(['alisher'])
    expect(await find({ last_name: { $regex: 'ev$' } })).toEqual(['ali'])
    expect(await find({ middle_name: { $regex: 'karim', $options: 'i' } })).toEqual(['ali'])
    expect(await find({ email: { $regex: '\\.uz$' } })).toEqual(['alisher'])
    expect(await find({ phone: { $regex: '4567$' } })).toEqual(['alisher', 'mary'])
    expect(await find({ $or: [{ first_name: { $regex: '^mar', $options: 'i' } }, { email: { $regex: '^ali@' } }] })).toEqual(['ali', 'mary'])
  })

  it('refuses $regex on any other field', async () => {
    for (const query of [{ address: { $regex: 'x' } }, { gender: { $regex: 'male' } }, { _id: { $regex: '.' } }, { $or: [{ profession: { $regex: 'x' } }] }]) {
      expect((await failure(admin.client.service('customers').find({ query: malformed(query) }))).name).toBe('BadRequest')
    }
  })

  it('refuses over-long, malformed and runaway patterns, and options without a pattern', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ first_name: { $regex: 'a'.repeat(101) } }, 'invalid-request'],
      [{ first_name: { $regex: '(' } }, 'invalid-regex'],
      [{ first_name: { $regex: '(a+)+$' } }, 'invalid-regex'],
      [{ first_name: { $regex: '(?i)ali' } }, 'invalid-regex'],
      [{ first_name: { $options: 'i' } }, 'invalid-request'],
      [{ first_name: { $regex: 'a', $options: 'g' } }, 'invalid-request']
    ]
    for (const [query, code] of cases) {
      const error = await failure(admin.client.service('customers').find({ query }))
      expect([query, error.name, error.data?.code]).toEqual([query, 'BadRequest', code])
    }
  })
})
