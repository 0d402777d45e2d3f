import type { Knex } from 'knex'

/** How a customer is reached, for the messaging outbox (the customers service owns `customers`). */
export interface CustomerContact {
  _id: string
  branchId: string
  first_name: string
  last_name: string
  middle_name: string
  phone: string
  email: string
  smsConsent: boolean
  promoSmsConsent: boolean
  blacklisted: boolean
  serviceLanguage: string | null
}

/** The customer's name, phone, e-mail, consents and language; undefined when not of the company. */
export async function customerContact(db: Knex, companyId: string, customerId: string): Promise<CustomerContact | undefined> {
  const row = await db('customers')
    .where({ _id: customerId, companyId })
    .first('_id', 'branchId', 'first_name', 'last_name', 'middle_name', 'phone', 'email', 'smsConsent', 'promoSmsConsent', 'blacklisted', 'serviceLanguage')
  if (!row) return undefined
  return { ...row, smsConsent: Boolean(row.smsConsent), promoSmsConsent: Boolean(row.promoSmsConsent), blacklisted: Boolean(row.blacklisted), phone: row.phone ?? '', email: row.email ?? '', middle_name: row.middle_name ?? '' }
}

/** A customer's name, phone and id as the reports and lists of other areas show them. */
export interface CustomerNameRow {
  _id: string
  /** "Last First". */
  name: string
  phone: string
}

/** These customers of the company, their names and phones, 500 ids a statement; a customer not of the company is missing. */
export async function customerNameRows(db: Knex, companyId: string, customerIds: readonly string[]): Promise<CustomerNameRow[]> {
  const found: CustomerNameRow[] = []
  const ids = [...new Set(customerIds)]
  for (let start = 0; start < ids.length; start += 500) {
    // By the primary key: `companyId || ''` keeps the planner off the company's indexes. SQLite's sampled
    // statistics (`analysis_limit`) put ~1,000 rows under any company, so with 500 ids it read every
    // customer of the company through (companyId, createdAt) instead: 0.2-0.3 s at 50,000 patients,
    // 2.2 s for 715 ids at a million.
    const rows = (await db('customers').whereIn('_id', ids.slice(start, start + 500)).whereRaw(`"companyId" || '' = ?`, [companyId]).select('_id', 'first_name', 'last_name', 'phone')) as Array<{ _id: string; first_name: string | null; last_name: string | null; phone: string | null }>
    for (const row of rows) found.push({ _id: row._id, name: [row.last_name, row.first_name].filter(Boolean).join(' '), phone: row.phone ?? '' })
  }
  return found
}

/** The names ("Last First") of these customers of the company, for lists of another area (payouts); a customer not of the company is missing. */
export async function customerNames(db: Knex, companyId: string, customerIds: readonly string[]): Promise<Map<string, string>> {
  return new Map((await customerNameRows(db, companyId, customerIds)).map((row) => [row._id, row.name]))
}

/** The company's customers whose phone is this number (digits as stored), at most `limit`: who a message from that number is from. */
export async function customersWithPhone(db: Knex, companyId: string, phone: string, limit = 5): Promise<string[]> {
  const digits = phone.replace(/\D/g, '')
  if (digits.length < 7) return []
  const rows = (await db('customers').where({ companyId, phone: digits }).orderBy('createdAt').limit(limit).select('_id')) as Array<{ _id: string }>
  return rows.map((row) => row._id)
}
