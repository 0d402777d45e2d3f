import type { RealTimeConnection } from '@feathersjs/feathers'
import type { Application, HookContext } from '../../../declarations'
import { allBranchesChannel, branchChannel, companyChannel, connectionMay } from '../../../channels'
import { companySettingsFor } from '../../company/company/company-reads'
import type { Customer } from './customers.schema'
import { hidePhones } from '../../../access/phone-protection'
import { customerPath } from './customers.shared'
import { publishNote } from '../../publish-notes'

/** A patch that moves a customer to another branch: the branch it left (set by customerBranchCheck). */
export const formerBranch = publishNote<string>('customers.formerBranch')

interface CustomerSettings {
  phoneProtection?: boolean
  branchesSeeAllCustomers?: boolean
}

/** The company's switches: the caller's (loaded for this call), or read for a server-made change. */
async function settingsFor(app: Application, companyId: string, context?: HookContext): Promise<CustomerSettings> {
  return companySettingsFor(app.get('db'), companyId, context?.params)
}

/**
 * Who hears about a customer change, and what: people who may view customers, of the customer's
 * branch (and of its former branch after a move) unless the company lets branches see all
 * customers; with phone protection on, those lacking `seeAll` on `customer-phone` get a copy
 * without the phone. Each connection gets the event once, in the one shape meant for it.
 */
export const publishCustomer = (app: Application) => async (data: unknown, context?: HookContext) => {
  // The caller's copy (`data`) may be masked; everyone else's starts from the full result.
  const result = context?.result as Customer | undefined
  const record = result && !Array.isArray(result) && result._id === (data as Customer)._id ? result : (data as Customer)
  const settings = await settingsFor(app, record.companyId, context)
  const names = settings.branchesSeeAllCustomers
    ? [companyChannel(record.companyId)]
    : [allBranchesChannel(record.companyId), branchChannel(record.branchId), ...formerBranchChannel(context, record)]
  const audience = app.channel(names).filter((connection: RealTimeConnection) => connectionMay(connection, 'customers', 'view'))
  if (!settings.phoneProtection) return audience.send(record)
  const seesPhones = (connection: RealTimeConnection) => connectionMay(connection, 'customer-phone', 'seeAll')
  return [audience.filter(seesPhones).send(record), audience.filter((connection) => !seesPhones(connection)).send(hidePhones(customerPath, record))]
}

function formerBranchChannel(context: HookContext | undefined, record: Customer): string[] {
  const before = formerBranch.get(context?.params)
  return before && before !== record.branchId ? [branchChannel(before)] : []
}
