import type { Knex } from 'knex'
import { registerCompany } from '../server/src/services/company/company-registration/register-company'
import { newId, now } from '../server/src/hooks/ids'
import { hashPassword } from '../server/src/services/team/users/password-hash'
import { normalizeCatalogueText } from '../domain/catalogue/search'
import type { BenchDoctor, BenchService } from './appointments-generate'

export const BENCH_PASSWORD = 'Bench-password-1'
export const ADMIN_EMAIL = 'admin@bench.clinic'
/** The front desk of branch `index` (0 is the main branch, the one with 10 doctors). */
export const deskEmail = (index: number) => `desk${index}@bench.clinic`

/** The measured branch (the main one) has ten doctors; the others share the rest. */
export const MAIN_BRANCH_DOCTORS = 10

const SERVICES: Array<[string, number, number]> = [
  ['Consultation', 30, 100_000_00], ['Filling', 60, 450_000_00], ['Hygiene', 45, 300_000_00], ['Root canal', 90, 1_200_000_00],
  ['Extraction', 30, 350_000_00], ['Crown fitting', 60, 2_000_000_00], ['Braces check', 30, 150_000_00], ['Whitening', 90, 900_000_00]
]

export interface BenchClinic {
  companyId: string
  /** [0] is the main branch. */
  branchIds: string[]
  doctors: BenchDoctor[]
  services: BenchService[]
  frontDeskRoleId: string
}

const weekOf = (hours: { start: number; end: number }) => {
  const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  const day = [{ start: hhmm(hours.start), end: hhmm(hours.end) }]
  return { week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((weekday) => [weekday, weekday === '7' ? [] : day])), dates: {} }
}

/**
 * The company, its branches, a front desk role (appointments and customers of their own
 * branch, every doctor's calendar there) with a front desk in every branch, the doctors with
 * a chair each and working hours, and the services. Every bench person has the same password
 * (hashed once: hashing hundreds of times would only slow the generation down).
 */
export async function seedBenchClinic(db: Knex, size: { branches: number; doctors: number }, hours: { start: number; end: number }): Promise<BenchClinic> {
  const registered = await registerCompany(db, {
    companyName: 'Bench clinic', phone: '+998712000000', email: ADMIN_EMAIL, first_name: 'Bench', last_name: 'Admin', password: BENCH_PASSWORD
  })
  const stamp = { companyId: registered.companyId, createdAt: now(), updatedAt: now(), createdBy: null }
  const branchIds = [registered.branchId]
  const branches = []
  for (let index = 1; index < size.branches; index += 1) {
    const _id = newId()
    branches.push({ _id, ...stamp, name: `Branch ${index}`, address: `Street ${index}`, phone: '', isMain: false, archived: false })
    branchIds.push(_id)
  }
  await db.batchInsert('branches', branches, 200)

  const frontDeskRoleId = newId()
  const grant = (resource: string, flags: string[]) => ({ resource, ...Object.fromEntries(flags.map((flag) => [flag, true])) })
  const permissions = [
    grant('appointment', ['view', 'create', 'edit', 'delete', 'seeAll']), grant('customers', ['view', 'create', 'edit', 'seeAll']), grant('customer-phone', ['view', 'seeAll']),
    ...['profile', 'my-company', 'my-team', 'permissions', 'sessions', 'service', 'service-categories', 'work-place'].map((resource) => grant(resource, ['view']))
  ]
  await db('roles').insert({ _id: frontDeskRoleId, ...stamp, name: 'Front desk', key: null, permissions: JSON.stringify(permissions) })

  const password = await hashPassword(BENCH_PASSWORD)
  const schedule = JSON.stringify(weekOf(hours))
  const person = (email: string, first_name: string, last_name: string, roleId: string, branchId: string, doctor: boolean) => ({
    _id: newId(), ...stamp, email, password, first_name, last_name, middle_name: '', phone: '', roleId, branchIds: JSON.stringify([branchId]), color: '#1677ff',
    acceptsAppointments: doctor, percentOfRevenue: doctor ? 30 : 0, allowLogin: true, isOwner: false, archived: false, balance: 0, schedule: doctor ? schedule : '{}'
  })
  const desks = branchIds.map((branchId, index) => person(deskEmail(index), 'Front', `Desk ${index}`, frontDeskRoleId, branchId, false))
  await db.batchInsert('users', desks, 100)

  // Ten doctors in the main branch, the rest spread evenly over the other branches.
  const doctorBranches: number[] = Array.from({ length: MAIN_BRANCH_DOCTORS }, () => 0)
  for (let index = 0; doctorBranches.length < size.doctors; index += 1) doctorBranches.push(1 + (index % (size.branches - 1)))
  const doctors: BenchDoctor[] = []
  const doctorRows = []
  const chairs = []
  for (const [index, branchAt] of doctorBranches.entries()) {
    const branchId = branchIds[branchAt]
    const row = person(`doctor${index}@bench.clinic`, `Doctor ${index}`, `Branch ${branchAt}`, registered.roleIds.doctor, branchId, true)
    const workPlaceId = newId()
    doctorRows.push(row)
    chairs.push({ _id: workPlaceId, ...stamp, branchId, name: `Chair ${index}`, kind: 'chair', color: null, rank: index, active: true })
    doctors.push({ _id: row._id, branchId, workPlaceId })
  }
  await db.batchInsert('users', doctorRows, 100)
  await db.batchInsert('work_places', chairs, 200)

  const services: BenchService[] = []
  const serviceRows = SERVICES.map(([name, duration, price], rank) => {
    const _id = newId()
    services.push({ _id, name, duration, price })
    return {
      _id, ...stamp, categoryId: null, name, code: null, description: null, duration, bufferTime: 0, price, public: true, staticPrice: false, staticDuration: false,
      rank, color: null, archived: false, searchName: normalizeCatalogueText(name), searchCode: ''
    }
  })
  await db('services').insert(serviceRows)
  return { companyId: registered.companyId, branchIds, doctors, services, frontDeskRoleId }
}
