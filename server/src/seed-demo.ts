import type { Application } from './declarations'
import { registerCompany } from './services/company/company-registration/register-company'
import { newId, now } from './hooks/ids'
import { hashPassword } from './services/team/users/password-hash'
import { seedDemoCustomers } from './seed-demo-customers'
import { demoScheduleFor, seedDemoCatalogue } from './seed-demo-catalogue'
import { seedDemoBundles } from './seed-demo-bundles'
import { seedDemoTextTemplates } from './seed-demo-text-templates'
import { demoDoctorBranches, seedDemoAppointments } from './seed-demo-appointments'
import { seedDemoMoney } from './seed-demo-money'
import { seedDemoPlans } from './seed-demo-plans'
import { DEMO_BRANCHES, DEMO_SPECIALTIES, demoLocaleOf } from './seed-demo-texts'

export const DEMO_SIGN_IN = { email: 'admin@demo.clinic', password: 'Demo-clinic-2026' }

const DEMO_TEAM = [
  { first_name: 'Dilshod', last_name: 'Karimov', role: 'doctor', specialty: 'Therapist', color: '#13c2c2', email: 'karimov@demo.clinic' },
  { first_name: 'Анна', last_name: 'Смирнова', role: 'doctor', specialty: 'Orthodontist', color: '#eb2f96', email: 'smirnova@demo.clinic' },
  { first_name: 'Mikko', last_name: 'Virtanen', role: 'doctor', specialty: 'Surgeon', color: '#fa8c16', email: 'virtanen@demo.clinic' },
  { first_name: 'Nilufar', last_name: 'Yusupova', role: 'finance', specialty: null, color: '#52c41a', email: 'yusupova@demo.clinic' },
  { first_name: 'Олег', last_name: 'Петров', role: 'director', specialty: null, color: '#722ed1', email: 'petrov@demo.clinic' }
] as const

/**
 * A small but believable clinic: two branches, specialties, a team in every default role (the
 * doctors take appointments, with weekly hours), customers, a service catalogue, chairs and shift
 * templates, a realistic week of appointments around `now` with a waiting list, treatment plans
 * from some of the visits done (seed-demo-plans.ts), and the money of the visits done (invoices,
 * payments, a refund, prepayments, debts: seed-demo-money.ts).
 *
 * `locale` is the company's language, and every seeded text follows
 * it: Russian for ru and ru1 (the default demo, DEMO_LOCALE), Uzbek for uz, English for en and fi
 * (seed-demo-texts.ts). People's names, codes and brands stay as they are.
 */
export async function seedDemoClinic(app: Application, { now: seedTime = new Date(), locale = 'ru' }: { now?: Date; locale?: string } = {}) {
  const db = app.get('db')
  const language = demoLocaleOf(locale)
  const registered = await registerCompany(db, {
    companyName: 'Smile Dental',
    phone: '+998 71 200 00 00',
    email: DEMO_SIGN_IN.email,
    first_name: 'Aziza',
    last_name: 'Rahimova',
    password: DEMO_SIGN_IN.password,
    locale,
    branchName: DEMO_BRANCHES.main.name[language]
  })
  // The administrator keeps no saved language: the device's choice shows, so a visitor exploring
  // the demo (and every browser test) reads it in the language they picked at sign-in.
  await db('users').where({ _id: registered.userId }).update({ locale: null })
  const timestamp = now()
  const stamp = { companyId: registered.companyId, createdAt: timestamp, updatedAt: timestamp, createdBy: registered.userId }
  const secondBranch = newId()
  await db('branches').insert({ _id: secondBranch, ...stamp, name: DEMO_BRANCHES.second.name[language], address: DEMO_BRANCHES.second.address[language], phone: '998712000001', isMain: false, archived: false })
  const specialtyIds = new Map<string, string>()
  for (const [key, names] of Object.entries(DEMO_SPECIALTIES)) {
    const _id = newId()
    specialtyIds.set(key, _id)
    await db('specialties').insert({ _id, ...stamp, name: names[language] })
  }
  const password = await hashPassword(DEMO_SIGN_IN.password)
  const branches = { main: registered.branchId, second: secondBranch }
  const doctorIds = new Map<string, string>()
  for (const member of DEMO_TEAM) {
    const _id = newId()
    if (member.role === 'doctor') doctorIds.set(member.email, _id)
    await db('users').insert({
      _id,
      ...stamp,
      email: member.email,
      password,
      first_name: member.first_name,
      last_name: member.last_name,
      middle_name: '',
      phone: '',
      roleId: registered.roleIds[member.role],
      specialtyId: member.specialty ? specialtyIds.get(member.specialty) : null,
      branchIds: JSON.stringify(member.role === 'doctor' ? demoDoctorBranches(member.email, branches) : [registered.branchId, secondBranch]),
      color: member.color,
      acceptsAppointments: member.role === 'doctor',
      percentOfRevenue: member.role === 'doctor' ? 30 : 0,
      allowLogin: true,
      isOwner: false,
      archived: false,
      balance: 0,
      schedule: JSON.stringify(demoScheduleFor(member.email))
    })
  }
  const customers = await seedDemoCustomers(db, stamp, [registered.branchId, secondBranch], language)
  await seedDemoCatalogue(db, stamp, [registered.branchId, secondBranch], language)
  await seedDemoBundles(db, stamp, language, specialtyIds)
  await seedDemoTextTemplates(db, stamp, language)
  const week = await seedDemoAppointments(app, { companyId: registered.companyId, userId: registered.userId, now: seedTime.getTime(), branches, doctorIds, customers, locale: language })
  await seedDemoPlans(db, { companyId: registered.companyId, now: seedTime.getTime(), appointments: week.appointments, language })
  if (!process.env.NO_MONEY) await seedDemoMoney(app, { companyId: registered.companyId, userId: registered.userId, now: seedTime.getTime(), appointments: week.appointments })
}
