import { engines, failure, handledAtOnce, nextEvent, receivesEvent, startServer, type SignedIn, type TestServer } from '../../../support/harness'
import { signedInMember } from '../../../support/fixtures'
import { malformed } from '../../../support/malformed'
import { MAX_TEXT_TEMPLATE_CONTENT, type TextTemplate } from '../../../../../server/src/services/documents/text-templates/text-templates.shared'

/** `text-templates`: the company's snippets for long text fields (issue 17, item 4). */
describe.each(engines)('text-templates on %s', (engine) => {
  let server: TestServer
  let admin: SignedIn
  let doctor: SignedIn
  let finance: SignedIn
  let nobody: SignedIn
  let other: SignedIn

  beforeAll(async () => {
    server = await startServer(engine)
    admin = await server.registerClinic('Templates')
    doctor = await signedInMember(server, admin, { role: 'doctor' })
    finance = await signedInMember(server, admin, { role: 'finance' })
    const bare = await admin.client.service('roles').create({ name: 'Front desk, no templates', permissions: [{ resource: 'customers', view: true }] })
    nobody = await signedInMember(server, admin, { roleId: bare._id })
    other = await server.registerClinic('Other templates')
  })
  afterAll(() => server.stop())

  const templates = (person: SignedIn) => person.client.service('text-templates')
  const rows = () => server.db('text_templates').orderBy('_id')

  it('stores a template with a trimmed title, its content as written and offered everywhere by default', async () => {
    const created = await templates(admin).create({ title: '  Caries, first visit ', content: '\nComplaints: pain on cold.\n  Objectively: cavity on {{tooth}}.\n\n' })
    expect(created).toEqual({
      _id: expect.any(String),
      companyId: admin.auth.company._id,
      title: 'Caries, first visit',
      content: 'Complaints: pain on cold.\n  Objectively: cavity on {{tooth}}.',
      offeredIn: 'any',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: admin.auth.user._id
    })
    expect(await templates(doctor).get(created._id)).toEqual(created)
    const patched = await templates(admin).patch(created._id, { offeredIn: 'exam', content: 'Short' })
    expect(patched).toMatchObject({ offeredIn: 'exam', content: 'Short', title: 'Caries, first visit' })
    expect(Object.keys(patched)).not.toContain('searchTitle')
  })

  it('finds by a title prefix in any case and by where it is offered, in title order', async () => {
    await templates(admin).create({ title: 'Рекомендации после удаления', content: 'Не есть 2 часа.', offeredIn: 'notes' })
    await templates(admin).create({ title: 'Ёмкое напоминание', content: 'Ждём вас.', offeredIn: 'messages' })
    const titles = async (query: Record<string, unknown>) => (await templates(doctor).find({ query })).data.map((template) => template.title)
    expect(await titles({ $search: 'рек' })).toEqual(['Рекомендации после удаления'])
    expect(await titles({ $search: 'ем' })).toEqual(['Ёмкое напоминание'])
    expect(await titles({ $search: 'CARIES' })).toEqual(['Caries, first visit'])
    expect(await titles({ offeredIn: { $in: ['any', 'notes'] } })).toEqual(['Рекомендации после удаления'])
    const all = await titles({ $limit: 500 })
    expect(all).toEqual([...all].sort())
  })

  it('refuses unknown fields, a blank title or content, an unknown place and over-long content, writing nothing', async () => {
    const before = await rows()
    const refusal = async (data: Record<string, unknown>) => (await failure(templates(admin).create(malformed(data)))).data
    expect(await refusal({ title: 'X', content: 'Y', specialty: 'ortho' })).toMatchObject({ code: 'invalid-request' })
    expect(await refusal({ title: 'X', content: 'Y', companyId: other.auth.company._id })).toMatchObject({ code: 'invalid-request' })
    expect(await refusal({ title: '   ', content: 'Y' })).toMatchObject({ path: 'title' })
    expect(await refusal({ title: 'X', content: ' \n ' })).toMatchObject({ path: 'content' })
    expect(await refusal({ title: 'X', content: 'Y', offeredIn: 'invoices' })).toMatchObject({ path: 'offeredIn' })
    expect(await refusal({ title: 'X'.repeat(101), content: 'Y' })).toMatchObject({ path: 'title' })
    expect(await refusal({ title: 'X', content: 'Y'.repeat(MAX_TEXT_TEMPLATE_CONTENT + 1) })).toMatchObject({ code: 'text-template-too-long', path: 'content', max: MAX_TEXT_TEMPLATE_CONTENT })
    expect(await refusal({ title: 'X', content: 7 })).toMatchObject({ code: 'invalid-request' })
    const existing = (await templates(admin).find({ query: { $limit: 1 } })).data[0]
    expect((await failure(templates(admin).patch(existing._id, malformed({ content: 'Y'.repeat(MAX_TEXT_TEMPLATE_CONTENT + 10) })))).data).toMatchObject({ code: 'text-template-too-long' })
    expect((await failure(templates(admin).patch(existing._id, malformed({ color: 'red' })))).data).toMatchObject({ code: 'invalid-request' })
    expect((await failure(templates(admin).find({ query: malformed({ content: 'x' }) }))).name).toBe('BadRequest')
    expect((await failure(templates(admin).find({ query: malformed({ $search: 'x'.repeat(101) }) }))).name).toBe('BadRequest')
    expect(await rows()).toEqual(before)
    // Exactly the limit is accepted.
    expect((await templates(admin).create({ title: 'Longest', content: 'Z'.repeat(MAX_TEXT_TEMPLATE_CONTENT) })).content).toHaveLength(MAX_TEXT_TEMPLATE_CONTENT)
  })

  it('refuses a title the company already has, in any case, on create and on rename; another company may use it', async () => {
    const first = await templates(admin).create({ title: 'Post-op advice', content: 'Cold compress.' })
    const second = await templates(admin).create({ title: 'Post-op call', content: 'How are you?' })
    const before = await rows()
    expect(await failure(templates(admin).create({ title: ' post-OP advice ', content: 'Other' }))).toMatchObject({ name: 'Conflict', data: { code: 'text-template-title-taken', path: 'title' } })
    expect((await failure(templates(admin).patch(second._id, { title: 'POST-OP ADVICE' }))).data).toMatchObject({ code: 'text-template-title-taken', path: 'title' })
    expect(await rows()).toEqual(before)
    expect(await templates(admin).patch(first._id, { title: 'Post-op advice' })).toMatchObject({ title: 'Post-op advice' })
    expect(await templates(other).create({ title: 'Post-op advice', content: 'Theirs' })).toMatchObject({ title: 'Post-op advice' })
  })

  it('lets doctors and finance read, only managers write, refuses those without the permission, and keeps companies apart', async () => {
    const mine = await templates(admin).create({ title: 'Ours only', content: 'Secret wording' })
    expect((await templates(finance).get(mine._id))._id).toBe(mine._id)
    expect((await templates(doctor).find({ query: { $search: 'ours' } })).total).toBe(1)
    const before = await rows()
    for (const call of handledAtOnce([
      templates(doctor).create({ title: 'Nope', content: 'Nope' }),
      templates(doctor).patch(mine._id, { title: 'Nope' }),
      templates(finance).remove(mine._id),
      templates(doctor).remove(mine._id),
      templates(nobody).find({}),
      templates(nobody).get(mine._id)
    ])) {
      expect((await failure(call)).data).toMatchObject({ code: 'forbidden' })
    }
    expect((await failure(templates(other).get(mine._id))).name).toBe('NotFound')
    expect((await failure(templates(other).patch(mine._id, { title: 'Taken' }))).name).toBe('NotFound')
    expect((await failure(templates(other).update(mine._id, { title: 'Taken', content: 'x' }))).name).toBe('NotFound')
    expect((await failure(templates(other).remove(mine._id))).name).toBe('NotFound')
    expect((await templates(other).find({ query: { $limit: 100 } })).data.every((template) => template.companyId === other.auth.company._id)).toBe(true)
    expect(await rows()).toEqual(before)
  })

  it('tells the company\'s people who may view templates of a change, and no one else', async () => {
    const heard = nextEvent<TextTemplate>(doctor.client, 'text-templates', 'created')
    const foreign = receivesEvent(other.client, 'text-templates', 'created')
    const unseen = receivesEvent(nobody.client, 'text-templates', 'created')
    const created = await templates(admin).create({ title: 'Heard by the team', content: 'Hello' })
    expect(await heard).toEqual(created)
    expect(await foreign).toBe(false)
    expect(await unseen).toBe(false)
    const patched = nextEvent<TextTemplate>(finance.client, 'text-templates', 'patched')
    await templates(admin).patch(created._id, { offeredIn: 'messages' })
    expect(await patched).toMatchObject({ _id: created._id, offeredIn: 'messages' })
  })

  it('moves a removed template to the trash, logs it, and a restore brings it back whole', async () => {
    const template = await templates(admin).create({ title: 'To the trash', content: 'Bye' })
    const removed = nextEvent<TextTemplate>(doctor.client, 'text-templates', 'removed')
    await templates(admin).remove(template._id)
    expect((await removed)._id).toBe(template._id)
    expect((await failure(templates(admin).get(template._id))).name).toBe('NotFound')
    const trashed = await server.db('trash').where({ recordId: template._id }).first()
    expect(trashed).toMatchObject({ service: 'text-templates' })
    const logged = await server.db('user_activities').where({ recordId: template._id, service: 'text-templates' }).orderBy('createdAt').select('method')
    expect(logged.map((row: { method: string }) => row.method)).toEqual(['create', 'remove'])
    await admin.client.service('trash').patch(trashed._id, { restore: true })
    expect(await templates(admin).get(template._id)).toEqual(template)
    expect((await templates(admin).find({ query: { $search: 'to the' } })).data.map((found) => found._id)).toEqual([template._id])
  })
})
