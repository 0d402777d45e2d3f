/**
 * `$search` latency on a large customer base, through the real server and the official socket
 * client: node --import tsx bench/customers-search.ts [--engine sqlite|postgres] [--count N]
 * [--samples N] [--keep] [--reuse]. SQLite works in a fresh file under bench/out/; PostgreSQL in
 * a fresh schema of DATABASE_URL (or TEST_DATABASE_URL), dropped at the end unless --keep; --reuse
 * measures the data a --keep run left. Prints median and 95th percentile per kind of term and
 * overall, and the query plans of one term of each kind.
 */
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
import { benchConfiguration, count, engine, figures, keep, openBenchDatabase, option, percentile, reuse } from './bench-kit'
import { generateCustomers } from './customers-generate'
import { searchTerms, type TermKind } from './customers-terms'
import { customerFindPlans, scansCustomers } from './query-plan'

const samples = Number(option('samples', '60'))
const PASSWORD = 'Bench-password-1'

/** A clinic with three branches, its administrator and a receptionist who works in one branch. */
async function seedClinic(db: Knex) {
  const registered = await registerCompany(db, { companyName: 'Bench clinic', phone: '+998712000000', email: 'admin@bench.clinic', first_name: 'Bench', last_name: 'Admin', password: PASSWORD })
  const stamp = { companyId: registered.companyId, createdAt: now(), updatedAt: now(), createdBy: null }
  const branchIds = [registered.branchId]
  for (const name of ['Yunusobod', 'Sergeli']) {
    const _id = newId()
    await db('branches').insert({ _id, ...stamp, name, address: '', phone: '', isMain: false, archived: false })
    branchIds.push(_id)
  }
  await db('users').insert({
    _id: newId(), ...stamp, email: 'desk@bench.clinic', password: await hashPassword(PASSWORD), first_name: 'Front', last_name: 'Desk', middle_name: '',
    phone: '', roleId: registered.roleIds.doctor, branchIds: JSON.stringify([branchIds[1]]), color: '#1677ff', acceptsAppointments: false,
    percentOfRevenue: 0, allowLogin: true, isOwner: false, archived: false, balance: 0, schedule: '{}'
  })
  return { companyId: registered.companyId, branchIds }
}

async function existingClinic(db: Knex) {
  const company = await db('companies').where({ name: 'Bench clinic' }).first('_id')
  if (!company) throw new Error('--reuse: no data of an earlier --keep run with this --count')
  const branches = await db('branches').where({ companyId: company._id }).orderBy('createdAt').select('_id')
  return { companyId: company._id as string, branchIds: branches.map((branch: { _id: string }) => branch._id) }
}

async function main() {
  const { db, dataDir, drop } = await openBenchDatabase('')
  try {
    await migrateToLatest(db)
    const clinic = reuse ? await existingClinic(db) : await seedClinic(db)
    let started = Date.now()
    const progress = (done: number) => {
      if (!reuse && (done % 100_000 === 0 || done === count)) console.log(`  ${done.toLocaleString('en')} customers written (${((Date.now() - started) / 1000).toFixed(0)} s)`)
    }
    const generated = await generateCustomers(db, clinic.companyId, clinic.branchIds, count, progress, !reuse)
    started = Date.now()
    if (!reuse) await db.raw('analyze')
    console.log(`${engine}: ${count.toLocaleString('en')} customers ready; statistics in ${((Date.now() - started) / 1000).toFixed(1)} s`)

    const app = createApp(benchConfiguration(dataDir), { db })
    const server = await app.listen(0)
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const signIn = async (email: string) => {
      const client = createClient(socketio(io(url, { transports: ['websocket'], forceNew: true }), { timeout: 60_000 }))
      await client.authenticate({ strategy: 'local', email, password: PASSWORD })
      return client
    }
    const people = { administrator: await signIn('admin@bench.clinic'), 'one-branch receptionist': await signIn('desk@bench.clinic') }

    const terms = searchTerms(generated.sample, samples)
    const all: number[] = []
    for (const [who, client] of Object.entries(people)) {
      console.log(`\n$search as the ${who}, { $search, $limit: 20 }:`)
      for (const term of terms.slice(0, 10)) await client.service('customers').find({ query: { $search: term.term, $limit: 20 } })
      const byKind = new Map<TermKind, number[]>()
      const hits = new Map<TermKind, number[]>()
      for (const { kind, term } of terms) {
        const begin = performance.now()
        const page = await client.service('customers').find({ query: { $search: term, $limit: 20 } })
        const elapsed = performance.now() - begin
        byKind.set(kind, [...(byKind.get(kind) ?? []), elapsed])
        hits.set(kind, [...(hits.get(kind) ?? []), page.total])
        if (who === 'administrator') all.push(elapsed)
      }
      for (const [kind, times] of byKind) {
        const totals = [...hits.get(kind)!].sort((a, b) => a - b)
        console.log(`  ${kind.padEnd(26)} ${figures(times)}; matches median ${percentile(totals, 50)}, max ${totals[totals.length - 1]}`)
      }
      console.log(`  ${'all kinds'.padEnd(26)} ${figures([...byKind.values()].flat())}`)
    }

    console.log('\nQuery plans (administrator, one term per kind):')
    const seen = new Set<TermKind>()
    let scans = 0
    for (const { kind, term } of terms) {
      if (seen.has(kind)) continue
      seen.add(kind)
      const plans = await customerFindPlans(app, { companyId: clinic.companyId, $search: term, $limit: 20 })
      if (scansCustomers(plans.page) || scansCustomers(plans.count)) scans += 1
      console.log(`\n-- ${kind}: ${JSON.stringify(term)}\n[page]\n${plans.page}\n[count]\n${plans.count}`)
    }
    console.log(`\n${scans === 0 ? 'No plan scans the customers table.' : `${scans} kind(s) of term scan the customers table!`}`)
    for (const client of Object.values(people)) (client.io as { disconnect: () => void }).disconnect()
    await app.teardown()
  } finally {
    await drop()
    await db.destroy()
    if (keep) console.log(`\nKept the data (${engine === 'sqlite' ? dataDir : 'schema bench_' + engine + '_' + count}); measure again with --reuse.`)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
