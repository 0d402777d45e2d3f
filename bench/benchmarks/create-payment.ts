import type { BenchContext } from '../context'
import { directDriver } from '../direct-sql'
import { timeCalls, type Measurement } from '../measure'
import { ADMIN_EMAIL } from '../seed-clinic'
import { newId, now } from '../../server/src/hooks/ids'

const N = 300
const AMOUNT = 10_000

/**
 * transactions.create (issue 16): a top-up of a patient's prepaid balance by the administrator,
 * with its client key. The call validates the body, checks the patient is one the caller sees,
 * takes the patient's money lock, checks the key, writes the payment and its allocation, settles
 * the patient's balance and debt from the ledger's sums, writes the activity row, and sends the
 * payment's and the patient's events after the commit. Floor: one INSERT of an equivalent payment
 * row straight to the driver (no allocation, no settling, no log, no event). Every row made is
 * removed afterwards and the patients' balances are put back.
 */
export async function benchCreatePayment(context: BenchContext): Promise<Measurement> {
  const { db, dataset } = context
  const branchId = dataset.branchIds[0]
  const client = await context.signIn(ADMIN_EMAIL)
  const customers = (await db('customers').where({ companyId: dataset.companyId, branchId, archived: false }).limit(N + 20).select('_id', 'balance')) as Array<{ _id: string; balance: number | string }>
  const run = Date.now().toString(36)
  const created: string[] = []
  try {
    const subject = await timeCalls(
      async (index) => {
        const at = index < 0 ? -1 - index : 20 + index
        const payment = await client.service('transactions').create({ clientKey: `bench-${run}-${at}`, customerId: customers[at % customers.length]._id, branchId, method: 'cash', amount: AMOUNT })
        created.push(payment._id)
      },
      { n: N, warmup: 20, profile: `create-payment-${context.engine}` }
    )
    const rowAt = (at: number) => {
      const stamp = now()
      const _id = newId()
      created.push(_id)
      return {
        _id, companyId: dataset.companyId, createdAt: stamp, updatedAt: stamp, createdBy: null, branchId, customerId: customers[at % customers.length]._id,
        receiver: '', kind: 'payment', method: 'cash', amount: AMOUNT, status: 'success', transactionId: '', date: stamp, refundOf: null,
        clientKey: `bench-floor-${run}-${at}`, bodyHash: '0'.repeat(64), notes: ''
      }
    }
    const driver = await directDriver(db)
    let floor
    try {
      floor = await timeCalls((index) => driver.run(db('transactions').insert(rowAt(index)).toSQL().toNative() as never), { n: N, warmup: 0 })
    } finally {
      await driver.release()
    }
    return {
      name: 'transactions.create (a top-up with its allocation, the settled balance and the log)',
      engine: context.engine,
      subject,
      floorName: 'a bare INSERT of the payment row on the driver',
      floor,
      notes: [`${N} payments through the socket, ${N} bare rows; all removed afterwards, balances restored`]
    }
  } finally {
    for (let at = 0; at < created.length; at += 500) {
      const ids = created.slice(at, at + 500)
      await db('allocations').whereIn('paymentId', ids).delete()
      await db('user_activities').where({ companyId: dataset.companyId }).whereIn('recordId', ids).delete()
      await db('transactions').whereIn('_id', ids).delete()
    }
    for (const customer of customers) await db('customers').where({ _id: customer._id }).update({ balance: customer.balance })
  }
}
