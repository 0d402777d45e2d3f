import type { Knex } from 'knex'
import { newId } from './hooks/ids'
import { demoPerson, seededRandom } from './demo-people'
import { customerPalette } from '../../domain/customers/colors'
import { searchColumns } from './services/customers/customers/customers.class'
import { DEMO_CITY, DEMO_DISTRICTS, DEMO_PROFESSIONS, DEMO_SOURCES, DEMO_TAGS, type DemoLocale } from './seed-demo-texts'


interface Stamp {
  companyId: string
  createdAt: string
  updatedAt: string
  createdBy: string
}

/**
 * The demo clinic's customers: a few hundred people with Uzbek, Russian and English names in
 * Latin and Cyrillic, +998 phones, tags and sources, a few blacklisted or archived, spread over
 * the branches; tags, sources, professions and addresses in the company's language (`locale`).
 * Rows are written in batches, with the columns the service would derive.
 * Returns who was written, for booking them (seed-demo-appointments.ts).
 */
export async function seedDemoCustomers(db: Knex, stamp: Stamp, branchIds: string[], locale: DemoLocale, count = 300) {
  const random = seededRandom(4)
  const tagIds: string[] = []
  for (const { names, color } of DEMO_TAGS) {
    const _id = newId()
    tagIds.push(_id)
    await db('tags').insert({ _id, ...stamp, name: names[locale], color })
  }
  const sourceIds: string[] = []
  for (const names of DEMO_SOURCES) {
    const _id = newId()
    sourceIds.push(_id)
    await db('sources').insert({ _id, ...stamp, name: names[locale], color: null })
  }
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]
  const since = Date.parse(stamp.createdAt) - 2 * 365 * 24 * 3600_000
  const rows = Array.from({ length: count }, (_, index) => {
    const person = demoPerson(random)
    const createdAt = new Date(since + Math.floor(random() * (Date.parse(stamp.createdAt) - since))).toISOString()
    const latin = /^[A-Za-z]/.test(person.first_name)
    const birthYear = 1950 + Math.floor(random() * 66)
    return {
      _id: newId(),
      ...stamp,
      createdAt,
      updatedAt: createdAt,
      branchId: branchIds[index % branchIds.length],
      ...person,
      birthdate: random() < 0.8 ? `${birthYear}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}` : null,
      email: latin && random() < 0.4 ? `${person.first_name.toLowerCase().replace(/[^a-z]/g, '')}.${index}@example.com` : '',
      address: random() < 0.5 ? `${DEMO_CITY[locale]}, ${pick(DEMO_DISTRICTS)[locale]} ${1 + Math.floor(random() * 30)}` : '',
      passportNumber: '',
      passportIssuer: '',
      profession: pick(DEMO_PROFESSIONS)[locale],
      blacklisted: index % 47 === 5,
      smsConsent: random() < 0.9,
      promoSmsConsent: random() < 0.4,
      sourceId: random() < 0.7 ? pick(sourceIds) : null,
      tagIds: JSON.stringify(random() < 0.3 ? [pick(tagIds)] : []),
      serviceLanguage: latin ? 'uz' : 'ru',
      notificationChannels: JSON.stringify(random() < 0.3 ? ['sms', 'telegram'] : ['sms']),
      telegramAccount: '',
      discount: random() < 0.1 ? pick([5, 10, 15]) : 0,
      balance: 0,
      // Debt is what the ledger says (seed-demo-money.ts invoices the visits done); the draws that
      // once made one up stay, so every other field of the demo is as it was.
      debt: (random() < 0.08 ? random() : 0) && 0,
      archived: index % 37 === 11,
      mergedInto: null,
      color: pick(customerPalette),
      customFields: '{}',
      ...searchColumns({ ...person })
    }
  })
  for (let start = 0; start < rows.length; start += 50) await db('customers').insert(rows.slice(start, start + 50))
  return rows.map(({ _id, branchId, blacklisted, archived }) => ({ _id, branchId, blacklisted, archived }))
}
