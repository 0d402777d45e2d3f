import type { Application } from './declarations'
import { registerCompany } from './services/company-registration/register-company'
import { newId, now } from './hooks/ids'
import { hashPassword } from './services/users/password-hash'
import { seedDemoCustomers } from './seed-demo-customers'
import { DEMO_WORK_PLACES, demoHours, seedDemoCatalogue, seedDemoWorkPlaces, weekSchedule } from './seed-demo-catalogue'
import { seedDemoAppointments } from './seed-demo-appointments'
import type { DemoDoctor } from './seed-demo-week'
import type { StaffSchedule } from '../../domain/schedule/working-hours'

export const DEMO_SIGN_IN = { email: 'admin@demo.clinic', password: 'Demo-clinic-2026' }

const DEMO_TEAM = [
  { first_name: 'Dilshod', last_name: 'Karimov', role: 'doctor', specialty: 'Therapist', color: '#13c2c2', email: 'karimov@demo.clinic' },
  { first_name: 'Анна', last_name: 'Смирнова', role: 'doctor', specialty: 'Orthodontist', color: '#eb2f96', email: 'smirnova@demo.clinic' },
  { first_name: 'Mikko', last_name: 'Virtanen', role: 'doctor', specialty: 'Surgeon', color: '#fa8c16', email: 'virtanen@demo.clinic' },
  { first_name: 'Malika', last_name: 'Tosheva', role: 'doctor', specialty: 'Hygienist', color: '#2f54eb', email: 'tosheva@demo.clinic' },
  { first_name: 'Nilufar', last_name: 'Yusupova', role: 'finance', specialty: null, color: '#52c41a', email: 'yusupova@demo.clinic' },
  { first_name: 'Олег', last_name: 'Петров', role: 'director', specialty: null, color: '#722ed1', email: 'petrov@demo.clinic' }
] as const

const { day } = demoHours
/**
 * The doctors' working weeks, and where they work each day (branch 'main' Chilonzor or
 * 'second' Yunusobod, at which chair): the surgeon spends his days in both branches.
 */
type Place = ['main' | 'second', string]
export const DEMO_DOCTOR_WEEKS: Record<string, { schedule: StaffSchedule; places: Record<number, Place> }> = {
  'karimov@demo.clinic': {
    schedule: weekSchedule({ 1: day(['09:00', '13:00'], ['14:00', '18:00']), 2: day(['09:00', '13:00'], ['14:00', '18:00']), 3: day(['09:00', '13:00'], ['14:00', '18:00']), 4: day(['09:00', '13:00'], ['14:00', '18:00']), 5: day(['09:00', '13:00'], ['14:00', '18:00']), 6: day(['09:00', '14:00']) }),
    places: { 1: ['main', 'Chair 1'], 2: ['main', 'Chair 1'], 3: ['main', 'Chair 1'], 4: ['main', 'Chair 1'], 5: ['main', 'Chair 1'], 6: ['main', 'Chair 1'] }
  },
  'smirnova@demo.clinic': {
    schedule: weekSchedule({ 1: day(['11:00', '19:00']), 2: day(['08:00', '14:00']), 3: day(['11:00', '19:00']), 4: day(['08:00', '14:00']), 5: day(['11:00', '19:00']) }),
    places: { 1: ['main', 'Chair 2'], 2: ['main', 'Chair 2'], 3: ['main', 'Chair 2'], 4: ['main', 'Chair 2'], 5: ['main', 'Chair 2'] }
  },
  'virtanen@demo.clinic': {
    schedule: weekSchedule({ 1: day(['09:00', '17:00']), 2: day(['09:00', '17:00']), 3: day(['09:00', '17:00']), 4: day(['09:00', '17:00']), 5: day(['09:00', '17:00']), 6: day(['10:00', '14:00']) }),
    places: { 1: ['main', 'Chair 3'], 2: ['second', 'Chair 1'], 3: ['main', 'Chair 3'], 4: ['second', 'Chair 1'], 5: ['main', 'Chair 3'], 6: ['second', 'Chair 1'] }
  },
  'tosheva@demo.clinic': {
    schedule: weekSchedule({ 1: day(['08:00', '14:00']), 2: day(['08:00', '14:00']), 3: day(['08:00', '14:00']), 4: day(['08:00', '14:00']), 5: day(['08:00', '14:00']), 6: day(['08:00', '13:00']) }),
    places: { 1: ['second', 'Chair 2'], 2: ['second', 'Chair 2'], 3: ['second', 'Chair 2'], 4: ['second', 'Chair 2'], 5: ['second', 'Chair 2'], 6: ['second', 'Chair 2'] }
  }
}

/** A doctor's week of places with the ids of the branches and of their work places by name. */
export function demoPlacements(week: Record<number, Place>, branches: Record<Place[0], string>, places: Record<Place[0], Map<string, string>>): DemoDoctor['placements'] {
  return Object.fromEntries(
    (Object.entries(week) as Array<[string, Place]>).map(([weekday, [branch, chair]]) => [weekday, { branchId: branches[branch], workPlaceId: places[branch].get(chair)!, roomId: places[branch].get('X-ray room') }])
  )
}

/**
 * A small but believable clinic: two branches, specialties, a team in every default role with
 * the doctors' working hours, the services catalogue and chairs, customers, and a realistic
 * week of appointments around `now` with a waiting list (seed-demo-appointments.ts).
 */
export async function seedDemoClinic(app: Application, { now: seedTime = new Date() }: { now?: Date } = {}) {
  const db = app.get('db')
  const registered = await registerCompany(db, {
    companyName: 'Smile Dental',
    phone: '+998 71 200 00 00',
    email: DEMO_SIGN_IN.email,
    first_name: 'Aziza',
    last_name: 'Rahimova',
    password: DEMO_SIGN_IN.password,
    branchName: 'Chilonzor'
  })
  const timestamp = now()
  const stamp = { companyId: registered.companyId, createdAt: timestamp, updatedAt: timestamp, createdBy: registered.userId }
  const secondBranch = newId()
  await db('branches').insert({ _id: secondBranch, ...stamp, name: 'Yunusobod', address: 'Amir Temur 108', phone: '998712000001', isMain: false, archived: false })
  const branches = { main: registered.branchId, second: secondBranch }
  const specialtyIds = new Map<string, string>()
  for (const name of ['Therapist', 'Orthodontist', 'Surgeon', 'Hygienist']) {
    const _id = newId()
    specialtyIds.set(name, _id)
    await db('specialties').insert({ _id, ...stamp, name })
  }
  const services = await seedDemoCatalogue(db, stamp)
  const places = {
    main: await seedDemoWorkPlaces(db, stamp, branches.main, DEMO_WORK_PLACES.main),
    second: await seedDemoWorkPlaces(db, stamp, branches.second, DEMO_WORK_PLACES.second)
  }
  const password = await hashPassword(DEMO_SIGN_IN.password)
  const doctors: DemoDoctor[] = []
  for (const member of DEMO_TEAM) {
    const week = DEMO_DOCTOR_WEEKS[member.email]
    const memberBranches = week ? [...new Set((Object.values(week.places) as Place[]).map(([branch]) => branches[branch]))] : [branches.main, branches.second]
    const _id = newId()
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
      branchIds: JSON.stringify(memberBranches),
      color: member.color,
      acceptsAppointments: member.role === 'doctor',
      percentOfRevenue: member.role === 'doctor' ? 30 : 0,
      allowLogin: true,
      isOwner: false,
      archived: false,
      balance: 0,
      schedule: JSON.stringify(week?.schedule ?? {})
    })
    if (!week || !member.specialty) continue
    doctors.push({ _id, specialty: member.specialty, schedule: week.schedule, placements: demoPlacements(week.places, branches, places) })
  }
  const customers = await seedDemoCustomers(db, stamp, [branches.main, branches.second])
  await seedDemoAppointments(app, { companyId: registered.companyId, userId: registered.userId, now: seedTime.getTime(), doctors, services, customers })
}
