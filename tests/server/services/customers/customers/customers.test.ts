import { engines, failure, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { customerPalette } from '../../../../../domain/customers/colors'

/** The customers service's record shape and plain create/get/find/patch/remove. */
describe.each(engines)('customers on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Customers')
  })
  afterAll(() => server.stop())

  const customers = () => admin.client.service('customers')

  it('creates a customer with every field of the contract and its defaults', async () => {
    const created = await customers().create({ first_name: 'Ali', last_name: 'Karimov' })
    expect(created).toEqual({
      _id: expect.any(String),
      companyId: admin.auth.company._id,
      branchId: admin.auth.branchIds[0],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: admin.auth.user._id,
      first_name: 'Ali',
      last_name: 'Karimov',
      middle_name: '',
      gender: null,
      birthdate: null,
      phone: '',
      email: '',
      address: '',
      passportNumber: '',
      passportIssuer: '',
      profession: '',
      blacklisted: false,
      smsConsent: true,
      promoSmsConsent: false,
      sourceId: null,
      tagIds: [],
      serviceLanguage: null,
      notificationChannels: ['sms'],
      telegramAccount: '',
      discount: 0,
      balance: 0,
      debt: 0,
      archived: false,
      mergedInto: null,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      customFields: {},
      status: 'active',
      phoneHidden: false,
      medicalAlert: false
    })
    expect(customerPalette).toContain(created.color)
    expect(await customers().get(created._id)).toEqual(created)
  })

  it('stores every settable field as given and returns it alike on get and find', async () => {
    const field = await admin.client.service('fields').create({ name: 'Favourite drink', type: 'text' })
    const created = await customers().create({
      first_name: 'Анна',
      last_name: 'Смирнова',
      middle_name: 'Петровна',
      gender: 'female',
      birthdate: '1990-05-17',
      phone: '+998 (90) 123-45-67',
      email: 'Anna@Example.com',
      address: 'Tashkent, Chilonzor 5',
      passportNumber: 'AB1234567',
      passportIssuer: 'IIB Chilonzor',
      profession: 'Teacher',
      blacklisted: true,
      smsConsent: false,
      promoSmsConsent: true,
      serviceLanguage: 'ru',
      notificationChannels: ['telegram', 'email'],
      telegramAccount: '@anna',
      discount: 15,
      color: '#123456',
      customFields: { [field._id]: 'yes' }
    })
    expect(created).toMatchObject({
      phone: '998901234567',
      email: 'anna@example.com',
      birthdate: '1990-05-17',
      blacklisted: true,
      smsConsent: false,
      promoSmsConsent: true,
      notificationChannels: ['telegram', 'email'],
      discount: 15,
      color: '#123456',
      customFields: { [field._id]: 'yes' },
      status: 'blacklisted'
    })
    const page = await customers().find({ query: { _id: created._id } })
    expect(page.data).toEqual([created])
  })

  it('patches and removes a customer', async () => {
    const created = await customers().create({ first_name: 'Mikko', last_name: 'Virtanen' })
    const patched = await customers().patch(created._id, { archived: true, middle_name: 'Juhani' })
    expect(patched).toMatchObject({ archived: true, middle_name: 'Juhani', status: 'archived' })
    await customers().remove(created._id)
    expect((await failure(customers().get(created._id))).name).toBe('NotFound')
  })

  it('never sends the hidden search columns', async () => {
    const created = await customers().create({ first_name: 'Dilshod', last_name: 'Ergashev', phone: '+998901112233' })
    const row = await server.db('customers').where({ _id: created._id }).first()
    expect(row).toMatchObject({ searchFirst: 'dilshod', searchLast: 'ergashev', phoneReversed: '332211109899' })
    const page = await customers().find({ query: { _id: created._id } })
    for (const record of [created, page.data[0], await customers().get(created._id)]) {
      expect(Object.keys(record).filter((key) => key.startsWith('search') || key === 'phoneReversed')).toEqual([])
    }
  })
})
