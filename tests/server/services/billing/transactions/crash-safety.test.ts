import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import knex, { type Knex } from 'knex'
import { io, type Socket } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { createClient, type ClientApplication } from '../../../../../server/src/client'
import { MemoryStorage, PASSWORD } from '../../../support/harness'
import { startProcess, type Running } from '../../../support/server-process'
import { FULL_WEEK } from '../../../support/appointment-fixtures'
import type { AppointmentData } from '../../../../../server/src/services/appointments/appointment/appointment.shared'
import type { TreatmentLineData } from '../../../../../server/src/services/clinical/treatment/treatment.shared'
import type { InvoiceData } from '../../../../../server/src/services/billing/invoices/invoices.shared'
import type { UserPatch } from '../../../../../server/src/services/team/users/users.shared'

/**
 * Issue 16, item 8: a server killed mid-payment (kill -9, on SQLite) leaves each payment whole —
 * its row, its allocations, its activity-log row, and the patient's balance and debt agreeing
 * with the ledger — or leaves nothing of it. The real entry point runs as a child process; many
 * payments with allocations stream in over the socket client; the process is killed at a random
 * moment; a second process starts on the same file and everything is checked.
 */
describe('a server killed mid-payment (SQLite)', () => {
  // Two starts of the real server (each compiles through tsx and migrates): minutes on a loaded machine.
  jest.setTimeout(500_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-crash-'))
  const sockets: Socket[] = []
  const running: Running[] = []
  afterAll(() => {
    for (const socket of sockets) socket.disconnect()
    for (const child of running) if (child.child.exitCode === null && child.child.signalCode === null) child.child.kill('SIGKILL')
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const start = async () => {
    const server = await startProcess({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_SEED: '0', LOG_LEVEL: 'info', DATABASE_URL: '' })
    running.push(server)
    return server
  }
  const connect = (port: number): ClientApplication => {
    const socket = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true, reconnection: false })
    sockets.push(socket)
    return createClient(socketio(socket, { timeout: 10_000 }), { storage: new MemoryStorage() })
  }

  it('keeps every payment whole or leaves nothing of it', async () => {
    const first = await start()
    const email = `crash.${Date.now()}@clinic.test`
    await connect(first.port).service('company-registration').create({ companyName: 'Crash clinic', phone: '+998 90 123 45 67', email, first_name: 'Owner', last_name: 'Crash', password: PASSWORD })
    const admin = connect(first.port)
    const auth = (await admin.authenticate({ strategy: 'local', email, password: PASSWORD })) as unknown as { user: { _id: string }; branchIds: string[] }
    admin.set('currentBranchId', auth.branchIds[0])
    await admin.service('users').patch(auth.user._id, { schedule: FULL_WEEK } as UserPatch)
    const serviceId = (await admin.service('service').create({ name: 'Implant', duration: 30, price: 100_000_000 }))._id
    // Three patients, each with an invoice big enough for every payment of the stream.
    const patients: Array<{ customerId: string; invoiceId: string }> = []
    for (const [index, name] of ['Ali', 'Bobur', 'Cora'].entries()) {
      const customerId = (await admin.service('customers').create({ first_name: name, last_name: 'Crash' }))._id
      const visit = await admin.service('appointment').create({ customerId, staffId: auth.user._id, start: `2026-12-0${index + 1}T09:00:00.000Z`, duration: 30 } as AppointmentData)
      const line = await admin.service('treatment').create({ customerId, appointmentId: visit._id, serviceId, price: 100_000_000 } as TreatmentLineData)
      const invoice = await admin.service('invoices').create({ customerId, treatmentIds: [line._id] } as InvoiceData)
      patients.push({ customerId, invoiceId: invoice._id })
    }

    // The stream: payments split between an invoice and the prepaid balance, eight in flight at a time.
    const acknowledged = new Map<string, string>()
    const sent = new Set<string>()
    let killed = false
    const failures: unknown[] = []
    let sequence = 0
    const keyOf = (n: number) => `crash-${String(n).padStart(6, '0')}`
    const stream = async () => {
      while (!killed && sequence < 5000) {
        const n = (sequence += 1)
        const { customerId, invoiceId } = patients[n % patients.length]
        const clientKey = keyOf(n)
        sent.add(clientKey)
        try {
          const payment = await admin.service('transactions').create({
            clientKey, customerId, method: 'card', amount: 3_000 + (n % 7), allocations: [{ invoiceId, amount: 2_000 }, { invoiceId: null, amount: 1_000 + (n % 7) }]
          })
          if (!killed) acknowledged.set(clientKey, payment._id)
        } catch (error) {
          if (!killed) failures.push(error)
          return
        }
      }
    }
    const streams = Array.from({ length: 8 }, () => stream())
    // Kill at a random moment once the stream runs: some payments answered, some under way.
    await new Promise<void>((resolve) => {
      const startedAt = acknowledged.size
      const wait = 200 + Math.random() * 800
      const check = setInterval(() => {
        if (acknowledged.size > startedAt + 20 || failures.length > 0) {
          clearInterval(check)
          setTimeout(resolve, wait)
        }
      }, 20)
    })
    expect(failures).toEqual([])
    const answeredBeforeKill = new Map(acknowledged)
    killed = true
    first.child.kill('SIGKILL')
    await first.exited
    // Calls under way at the kill are never answered (their socket is gone): the stream is not awaited.
    for (const socket of sockets) socket.disconnect()
    void streams
    expect(first.child.signalCode).toBe('SIGKILL')
    expect(answeredBeforeKill.size).toBeGreaterThan(20)
    expect(sent.size).toBeGreaterThan(answeredBeforeKill.size)

    // A second process on the same file.
    const second = await start()
    const again = connect(second.port)
    await again.authenticate({ strategy: 'local', email, password: PASSWORD })
    again.set('currentBranchId', auth.branchIds[0])
    const db: Knex = knex({ client: 'better-sqlite3', connection: { filename: path.join(dataDir, 'clinic.sqlite3') }, useNullAsDefault: true })
    try {
      const payments = (await db('transactions').select('_id', 'clientKey', 'amount', 'customerId', 'status')) as Array<{ _id: string; clientKey: string; amount: unknown; customerId: string }>
      const allocations = (await db('allocations').select('paymentId', 'invoiceId', 'amount', 'customerId')) as Array<{ paymentId: string; invoiceId: string | null; amount: unknown; customerId: string }>
      const logged = (await db('user_activities').where({ service: 'transactions', method: 'create' }).select('recordId')) as Array<{ recordId: string }>
      const ids = new Set(payments.map((payment) => payment._id))

      // Every payment answered before the kill is there, under the id it was answered with.
      const byKey = new Map(payments.map((payment) => [payment.clientKey, payment._id]))
      for (const [clientKey, id] of answeredBeforeKill) expect(byKey.get(clientKey)).toBe(id)
      // Nothing but what was sent; each payment whole: both allocations, summing to it, and one log row.
      expect(payments.every((payment) => sent.has(payment.clientKey))).toBe(true)
      const problems: string[] = []
      for (const payment of payments) {
        const parts = allocations.filter((allocation) => allocation.paymentId === payment._id)
        const sum = parts.reduce((total, part) => total + Number(part.amount), 0)
        if (parts.length !== 2 || sum !== Number(payment.amount)) problems.push(`${payment.clientKey}: ${parts.length} allocations summing to ${sum} of ${Number(payment.amount)}`)
        if (logged.filter((row) => row.recordId === payment._id).length !== 1) problems.push(`${payment.clientKey}: not logged once`)
      }
      // No allocation or log row of a payment that is not there.
      for (const allocation of allocations) if (!ids.has(allocation.paymentId)) problems.push(`allocation of missing payment ${allocation.paymentId}`)
      for (const row of logged) if (!ids.has(row.recordId)) problems.push(`log row of missing payment ${row.recordId}`)
      expect(problems).toEqual([])
      expect(payments.length).toBeGreaterThanOrEqual(answeredBeforeKill.size)

      // Each patient's stored balance and debt agree with the ledger's sums and with the service's answer.
      for (const { customerId, invoiceId } of patients) {
        const mine = allocations.filter((allocation) => allocation.customerId === customerId)
        const balance = mine.filter((allocation) => allocation.invoiceId === null).reduce((total, part) => total + Number(part.amount), 0)
        const paid = mine.filter((allocation) => allocation.invoiceId === invoiceId).reduce((total, part) => total + Number(part.amount), 0)
        const stored = await db('customers').where({ _id: customerId }).first('balance', 'debt')
        expect({ balance: Number(stored.balance), debt: Number(stored.debt) }).toEqual({ balance, debt: 100_000_000 - paid })
        const history = await again.service('payment-history').find({ query: { customerId, $limit: 1 } })
        expect({ balance: history.balance, debt: history.debt }).toEqual({ balance, debt: 100_000_000 - paid })
      }
    } finally {
      await db.destroy()
    }

    // After the restart a retry finishes what was cut off, once: an answered key answers the same payment.
    const [answeredKey, answeredId] = [...answeredBeforeKill][0]
    const { customerId, invoiceId } = patients[Number(answeredKey.slice(6)) % patients.length]
    const n = Number(answeredKey.slice(6))
    const replay = await again.service('transactions').create({ clientKey: answeredKey, customerId, method: 'card', amount: 3_000 + (n % 7), allocations: [{ invoiceId, amount: 2_000 }, { invoiceId: null, amount: 1_000 + (n % 7) }] })
    expect(replay._id).toBe(answeredId)
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
  })
})
