/**
 * Loading a branch's week calendar with many appointments in the database, through the real
 * server and the official socket client, as a signed-in front desk:
 * node --import tsx bench/appointments-calendar.ts [--engine sqlite|postgres] [--count N]
 * [--weeks N] [--keep] [--reuse]. SQLite works in a fresh file under bench/out/; PostgreSQL in a
 * fresh schema of DATABASE_URL (or TEST_DATABASE_URL), dropped at the end unless --keep; --reuse
 * measures the data a --keep run left.
 *
 * The clinic: six branches, the main one with 10 doctors and 10 chairs, the others with 6 each,
 * 120,000 customers, and `count` appointments filling every doctor's Monday-to-Saturday back
 * from some weeks ahead (1,000,000 reach about eight years back). Each measured week is what
 * renderer/src/features/appointments/CalendarPage.tsx asks for when it opens a week: the
 * appointment find of the branch's week (start range, $sort start, $limit 1000) together with
 * the calendar's columns (my-team of the branch taking appointments, my-team for names, the
 * branch's work places), then the customers of the week's appointments by `_id: { $in }` in
 * pages of 500. Prints median and 95th percentile of the whole load and of each call, and the
 * query plans of the appointment find and of the customers find.
 */
import os from 'node:os'
import type { AddressInfo } from 'node:net'
import type { Knex } from 'knex'
import { io } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { createApp } from '../server/src/app'
import { createClient } from '../server/src/client'
import { migrateToLatest } from '../server/src/db'
import { registerCompany } from '../server/src/services/company-registration/register-company'
import { newId, now } from '../server/src/hooks/ids'
import { hashPassword } from '../server/src/services/users/password-hash'
import { seededRandom } from '../server/src/demo-people'
import { normalizeCatalogueText } from '../domain/catalogue/search'
import { addLocalDays, daysBetween, toZoned, weekdayOf, zonedToUtc } from '../domain/appointments/zoned-time'
import { benchConfiguration, count, engine, figures, keep, openBenchDatabase, option, percentile, reuse } from './bench-kit'
import { generateCustomers } from './customers-generate'
import { generateAppointments, type AppointmentLayout, type BenchDoctor, type BenchService } from './appointments-generate'
import { findPlans, scansAppointments, scansCustomers } from './query-plan'

const weeks = Number(option('weeks', '50'))
const PASSWORD = 'Bench-password-1'
const CUSTOMERS = 120_000
const RANGE_LIMIT = 1000
const CUSTOMER_PAGE = 500

const WORK_WEEK = { week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((day) => [day, day === '7' ? [] : [{ start: '09:00', end: '19:00' }]])), dates: {} }
const SERVICES: Array<[string, number, number]> = [
  ['Consultation', 30, 100_000_00], ['Filling', 60, 450_000_00], ['Hygiene', 45, 300_000_00], ['Root canal', 90, 1_200_000_00],
  ['Extraction', 30, 350_000_00], ['Crown fitting', 60, 2_000_000_00], ['Braces check', 30, 150_000_00], ['Whitening', 90, 900_000_00]
]

/**
 * The bench clinic: six branches (the main one with 10 doctors, the others with 6), a chair per
 * doctor, the services, a front desk role (appointments and customers of their branch, seeing
 * every doctor) and a front desk user in the main branch.
 */
async function seedClinic(db: Knex) {
  const registered = await registerCompany(db, { companyName: 'Bench clinic', phone: '+998712000000', email: 'admin@bench.clinic', first_name: 'Bench', last_name: 'Admin', password: PASSWORD })
  const stamp = { companyId: registered.companyId, createdAt: now(), updatedAt: now(), createdBy: null }
  const branchIds = [registered.branchId]
  for (const name of ['Yunusobod', 'Sergeli', 'Chilonzor', 'Mirzo Ulugbek', 'Yakkasaroy']) {
    const _id = newId()
    await db('branches').insert({ _id, ...stamp, name, address: '', phone: '', isMain: false, archived: false })
    branchIds.push(_id)
  }
  const frontDeskRole = newId()
  const grant = (resource: string, flags: string[]) => ({ resource, ...Object.fromEntries(flags.map((flag) => [flag, true])) })
  const permissions = [
    grant('appointment', ['view', 'create', 'edit', 'seeAll']), grant('customers', ['view', 'create', 'edit', 'seeAll']),
    ...['profile', 'my-company', 'my-team', 'permissions', 'sessions', 'service', 'service-categories', 'work-place'].map((resource) => grant(resource, ['view']))
  ]
  await db('roles').insert({ _id: frontDeskRole, ...stamp, name: 'Front desk', key: null, permissions: JSON.stringify(permissions) })
  const password = await hashPassword(PASSWORD)
  const person = (email: string, first_name: string, last_name: string, roleId: string, branches: string[], doctor: boolean) => ({
    _id: newId(), ...stamp, email, password, first_name, last_name, middle_name: '', phone: '', roleId, branchIds: JSON.stringify(branches), color: '#1677ff',
    acceptsAppointments: doctor, percentOfRevenue: doctor ? 30 : 0, allowLogin: true, isOwner: false, archived: false, balance: 0, schedule: JSON.stringify(doctor ? WORK_WEEK : {})
  })
  await db('users').insert(person('desk@bench.clinic', 'Front', 'Desk', frontDeskRole, [branchIds[0]], false))
  const doctors: BenchDoctor[] = []
  for (const [at, branchId] of branchIds.entries()) {
    for (let index = 1; index <= (at === 0 ? 10 : 6); index += 1) {
      const user = person(`doctor${at}-${index}@bench.clinic`, `Doctor ${index}`, `Branch ${at}`, registered.roleIds.doctor, [branchId], true)
      const workPlaceId = newId()
      await db('users').insert(user)
      await db('work_places').insert({ _id: workPlaceId, ...stamp, branchId, name: `Chair ${index}`, kind: 'chair', color: null, rank: index, active: true })
      doctors.push({ _id: user._id, branchId, workPlaceId })
    }
  }
  const services: BenchService[] = []
  for (const [rank, [name, duration, price]] of SERVICES.entries()) {
    const _id = newId()
    await db('services').insert({
      _id, ...stamp, categoryId: null, name, code: null, description: null, duration, bufferTime: 0, price, public: true, staticPrice: false, staticDuration: false,
      rank, color: null, archived: false, searchName: normalizeCatalogueText(name), searchCode: ''
    })
    services.push({ _id, name, duration, price })
  }
  return { companyId: registered.companyId, branchIds, doctors, services }
}

/** A Monday `days` before `day`'s Monday. */
const mondayOf = (day: string) => addLocalDays(day, 1 - weekdayOf(day))

async function main() {
  const { db, dataDir, drop } = await openBenchDatabase('appointments-')
  try {
    await migrateToLatest(db)
    const timeZone = 'Asia/Tashkent'
    const today = toZoned(Date.now(), timeZone).date
    // Appointments reach eight weeks ahead of this week (a clinic books ahead).
    const until = addLocalDays(mondayOf(today), 8 * 7)
    let clinic: { companyId: string; branchIds: string[] }
    let firstDay: string
    if (reuse) {
      const company = await db('companies').where({ name: 'Bench clinic' }).first('_id')
      if (!company) throw new Error('--reuse: no data of an earlier --keep run with this --count')
      const branches = await db('branches').where({ companyId: company._id }).orderBy('createdAt').orderBy('_id').select('_id')
      clinic = { companyId: company._id, branchIds: branches.map((branch: { _id: string }) => branch._id) }
      firstDay = ((await db('appointment').min({ day: 'date' }).first()) as { day: string }).day
    } else {
      const seeded = await seedClinic(db)
      clinic = seeded
      let started = Date.now()
      await generateCustomers(db, seeded.companyId, seeded.branchIds, CUSTOMERS, () => undefined)
      console.log(`${CUSTOMERS.toLocaleString('en')} customers written (${((Date.now() - started) / 1000).toFixed(0)} s)`)
      const customersByBranch = new Map<string, string[]>()
      for (const row of (await db('customers').select('_id', 'branchId')) as Array<{ _id: string; branchId: string }>) {
        customersByBranch.set(row.branchId, [...(customersByBranch.get(row.branchId) ?? []), row._id])
      }
      const layout: AppointmentLayout = { companyId: seeded.companyId, timeZone, doctors: seeded.doctors, services: seeded.services, customersByBranch, until, today }
      started = Date.now()
      let shown = 0
      const progress = (done: number) => {
        if (done === shown || (done % 100_000 !== 0 && done !== count)) return
        shown = done
        console.log(`  ${done.toLocaleString('en')} appointments written (${((Date.now() - started) / 1000).toFixed(0)} s)`)
      }
      firstDay = (await generateAppointments(db, layout, count, progress)).firstDay
      started = Date.now()
      await db.raw(engine === 'postgres' ? 'vacuum analyze' : 'analyze')
      console.log(`statistics in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    }
    console.log(`${engine}: ${count.toLocaleString('en')} appointments from ${firstDay} to ${addLocalDays(until, -1)} in ${clinic.branchIds.length} branches`)

    const app = createApp(benchConfiguration(dataDir), { db })
    const server = await app.listen(0)
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const client = createClient(socketio(io(url, { transports: ['websocket'], forceNew: true }), { timeout: 60_000 }))
    await client.authenticate({ strategy: 'local', email: 'desk@bench.clinic', password: PASSWORD })
    const branchId = clinic.branchIds[0]

    /** What the calendar screen asks when it opens the week of `monday` (CalendarPage, useResources, useCustomersByIds). */
    const loadWeek = async (monday: string) => {
      const cpu = process.cpuUsage()
      const begin = performance.now()
      const query = { branchId, start: { $gte: zonedToUtc(monday, '00:00', timeZone), $lt: zonedToUtc(addLocalDays(monday, 7), '00:00', timeZone) }, $sort: { start: 1 as const }, $limit: RANGE_LIMIT }
      const columns = Promise.all([
        client.service('my-team').find({ query: { branchId, acceptsAppointments: true, $limit: 500, $sort: { last_name: 1, first_name: 1 } } as never }),
        client.service('my-team').find({ query: { $limit: 500 } }),
        client.service('work-place').find({ query: { branchId, active: true, $limit: 500, $sort: { rank: 1, name: 1 } } })
      ]).then(() => performance.now() - begin)
      const page = await client.service('appointment').find({ query })
      const appointmentsAt = performance.now()
      const ids = [...new Set(page.data.map((item) => item.customerId))].sort()
      const chunks: string[][] = []
      for (let index = 0; index < ids.length; index += CUSTOMER_PAGE) chunks.push(ids.slice(index, index + CUSTOMER_PAGE))
      const found = await Promise.all(chunks.map((chunk) => client.service('customers').find({ query: { _id: { $in: chunk }, $limit: chunk.length } })))
      const customersAt = performance.now()
      const columnsTime = await columns
      const total = performance.now() - begin
      if (found.reduce((sum, customers) => sum + customers.data.length, 0) !== ids.length) throw new Error('some customers of the week were not found')
      const used = process.cpuUsage(cpu)
      return { cpu: (used.user + used.system) / 1000, total, appointments: appointmentsAt - begin, customers: customersAt - appointmentsAt, columns: columnsTime, rows: page.data.length, pageTotal: page.total }
    }

    // Different weeks, spread over the whole history and the weeks ahead, the same every run.
    const random = seededRandom(5)
    const span = Math.floor(daysBetween(mondayOf(addLocalDays(firstDay, 7)), mondayOf(addLocalDays(until, -1))) / 7)
    const mondays = Array.from({ length: weeks }, () => addLocalDays(mondayOf(addLocalDays(firstDay, 7)), 7 * Math.floor(random() * span)))
    for (const monday of mondays.slice(0, 5)) await loadWeek(monday)
    const results = []
    for (const monday of mondays) results.push(await loadWeek(monday))
    const rows = results.map((result) => result.rows).sort((a, b) => a - b)
    console.log(`\nA week of the main branch (10 doctors) as the front desk, ${weeks} different weeks; appointments per week median ${percentile(rows, 50)}, max ${rows[rows.length - 1]}:`)
    console.log(`  ${'whole calendar load'.padEnd(44)} ${figures(results.map((result) => result.total))}`)
    console.log(`  ${'appointment find (week, $limit 1000)'.padEnd(44)} ${figures(results.map((result) => result.appointments))}`)
    console.log(`  ${'customers find (_id $in, pages of 500)'.padEnd(44)} ${figures(results.map((result) => result.customers))}`)
    console.log(`  ${'columns: my-team x2, work-place (parallel)'.padEnd(44)} ${figures(results.map((result) => result.columns))}`)
    // Wall times depend on what else the machine runs; the CPU time of this process (client,
    // server and, on SQLite, the database) per load much less so.
    console.log(`  ${'CPU time of this process per whole load'.padEnd(44)} ${figures(results.map((result) => result.cpu))}`)
    console.log(`  (load average during the runs: ${os.loadavg().map((load) => load.toFixed(1)).join(', ')} on ${os.cpus().length} cores)`)

    const monday = mondays[0]
    const weekQuery = {
      companyId: clinic.companyId, branchId: { $in: [branchId] }, start: { $gte: zonedToUtc(monday, '00:00', timeZone), $lt: zonedToUtc(addLocalDays(monday, 7), '00:00', timeZone) },
      $sort: { start: 1 }, $limit: RANGE_LIMIT
    }
    const appointmentPlans = await findPlans(app, 'appointment', weekQuery)
    const customerIds = ((await db('appointment').where({ companyId: clinic.companyId, branchId }).andWhere('start', '>=', weekQuery.start.$gte).andWhere('start', '<', weekQuery.start.$lt).distinct('customerId')) as Array<{ customerId: string }>)
      .map((row) => row.customerId)
      .slice(0, CUSTOMER_PAGE)
    const customerPlans = await findPlans(app, 'customers', { companyId: clinic.companyId, branchId: { $in: [branchId] }, _id: { $in: customerIds }, $limit: customerIds.length })
    // The customers' plan names every id of the $in list: shown as their count.
    const shorten = (plan: string) => plan.replace(/'\{[^}]{200,}\}'/g, (list) => `'{${list.split(',').length} ids}'`)
    customerPlans.page = shorten(customerPlans.page)
    customerPlans.count = shorten(customerPlans.count)
    console.log(`\nQuery plans (week of ${monday}, as the hooks leave the query):`)
    console.log(`[appointment page]\n${appointmentPlans.page}\n[appointment count]\n${appointmentPlans.count}`)
    console.log(`[customers page]\n${customerPlans.page}\n[customers count]\n${customerPlans.count}`)
    const scans = [appointmentPlans.page, appointmentPlans.count].some(scansAppointments) || [customerPlans.page, customerPlans.count].some(scansCustomers)
    console.log(`\n${scans ? 'A plan scans a whole table!' : 'No plan scans the appointment or customers table.'}`)
    ;(client.io as { disconnect: () => void }).disconnect()
    await app.teardown()
  } finally {
    await drop()
    await db.destroy()
    if (keep) console.log(`\nKept the data; measure again with --reuse.`)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
