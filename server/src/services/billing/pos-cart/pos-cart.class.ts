import type { Paginated, Params } from '@feathersjs/feathers'
import { BadRequest } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { clinicError } from '../../../errors'
import { dbOf } from '../../../hooks/call-transaction'
import { asCaller } from '../../../access/caller'
import { viewerOf, visibleBranches } from '../../../access/record-scope'
import { addLocalDays, zonedToUtc } from '../../../../../domain/appointments/zoned-time'
import { invoiceDue, invoiceTotals, lineAmount } from '../../../../../domain/billing/money'
import { companyTimeZone } from '../../company/company/company-reads'
import { todayIn } from '../../customers/customers/customer-rules'
import { customersMoney } from '../../customers/customers/customer-money'
import { visitsOfDay } from '../../appointments/appointment/appointment-reads'
import { linesForCashDesk } from '../../clinical/treatment/treatment-billing'
import { memberDisplayNames } from '../../team/users/user-rows'
import { invoicesById } from '../invoices/invoice-rows'
import { paidByInvoice } from '../transactions/transaction-rows'
import { cartScope } from '../cart/cart.class'
import type { PosCart, PosCartQuery, PosCartVisit } from './pos-cart.schema'

type CustomerShown = { _id: string; first_name: string; last_name: string; middle_name?: string | null; phone?: string | null; phoneHidden?: boolean }

/**
 * Today's visits of a branch waiting for payment, in a fixed number of reads whatever their count:
 * the day's visits, their treatment lines, those lines' invoices and what was paid on them, the
 * patients (through the customers service as the caller: their phone rules), their money, the
 * doctors' names. A visit is listed when it has lines and something is still to pay on them.
 */
export class PosCartService {
  constructor(private readonly app: Application) {}

  async find(params?: Params<PosCartQuery>): Promise<PosCart> {
    const db = dbOf(this.app, params)
    const identity = params?.provider ? params.identity : undefined
    const companyId = params?.query?.companyId ?? identity?.user.companyId ?? ''
    const visible = identity ? visibleBranches(cartScope, viewerOf(identity)) : null
    const branchId = params?.query?.branchId ?? identity?.branchIds[0] ?? ''
    if (visible && !visible.includes(branchId)) throw clinicError(BadRequest, 'branch-not-allowed', 'branchId')
    const timeZone = await companyTimeZone(db, companyId)
    const date = todayIn(timeZone)
    const visits = await visitsOfDay(db, companyId, branchId, { date, from: zonedToUtc(date, '00:00', timeZone), to: zonedToUtc(addLocalDays(date, 1), '00:00', timeZone) })
    const lines = await linesForCashDesk(db, companyId, { appointmentIds: visits.map((visit) => visit._id) })
    const invoiceIds = [...new Set(lines.map((line) => line.invoiceId).filter((id): id is string => id !== null))]
    const invoices = new Map((await invoicesById(db, companyId, invoiceIds)).map((invoice) => [invoice._id, invoice]))
    const paid = await paidByInvoice(db, companyId, invoiceIds)
    const due = (id: string) => {
      const invoice = invoices.get(id)
      return invoice ? invoiceDue({ cancelled: invoice.cancelledAt !== null, closed: invoice.closedAt !== null, total: invoice.total, paid: paid.get(id) ?? 0 }) : 0
    }
    const customerIds = [...new Set(visits.filter((visit) => lines.some((line) => line.appointmentId === visit._id)).map((visit) => visit.customerId))]
    const money = await customersMoney(db, companyId, customerIds)
    const shown = await this.customers(customerIds, companyId, params)
    const names = await memberDisplayNames(db, companyId, visits.map((visit) => visit.staffId))
    const data: PosCartVisit[] = []
    for (const visit of visits) {
      const own = lines.filter((line) => line.appointmentId === visit._id)
      const customer = shown.get(visit.customerId)
      const patient = money.get(visit.customerId)
      if (own.length === 0 || !customer || !patient) continue
      const unbilled = own.filter((line) => line.invoiceId === null).map((line) => lineAmount({ price: line.price, quantity: line.quantity, discountPercent: 0 }))
      const uninvoicedTotal = unbilled.length > 0 ? invoiceTotals(unbilled, patient.discount, 0).total : 0
      const ids = [...new Set(own.map((line) => line.invoiceId).filter((id): id is string => id !== null))]
      const open = ids.filter((id) => due(id) > 0)
      const invoicesDue = open.reduce((sum, id) => sum + due(id), 0)
      if (uninvoicedTotal === 0 && invoicesDue === 0) continue
      data.push({
        appointmentId: visit._id, start: visit.start, time: visit.time, status: visit.status, customerId: visit.customerId,
        customer: { first_name: customer.first_name, last_name: customer.last_name, middle_name: customer.middle_name ?? null, phone: customer.phone ?? null, phoneHidden: customer.phoneHidden === true },
        doctorId: visit.staffId, doctorName: names.get(visit.staffId) ?? '', uninvoicedTotal, invoicesDue, invoiceIds: open, balance: patient.balance, debt: patient.debt
      })
    }
    return { date, branchId, data }
  }

  /** The patients as the customers service shows them to the caller; one the caller may not see is left out. */
  private async customers(ids: string[], companyId: string, params?: Params): Promise<Map<string, CustomerShown>> {
    const shown = new Map<string, CustomerShown>()
    if (ids.length === 0) return shown
    const page = (await this.app.service('customers').find({
      ...(params ? asCaller(params) : {}),
      query: { companyId, _id: { $in: ids }, $limit: ids.length, $select: ['_id', 'first_name', 'last_name', 'middle_name', 'phone'] }
    } as never)) as unknown as Paginated<CustomerShown>
    for (const customer of page.data) shown.set(customer._id, customer)
    return shown
  }
}
