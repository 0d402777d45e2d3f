import type { Application, HookContext } from '../../../declarations'
import type { PermissionResource } from '../../../../../domain/access/resources'
import { allBranchesChannel, branchChannel, companyChannel, connectionMay } from '../../../channels'
import { companySettingsFor } from '../../company/company/company-reads'

/**
 * Who hears about a record of a patient (a note, a chart event, an exam, a perio chart, a
 * treatment line, a health card): the people who see the patient (the patient's branch, or the
 * whole company when branches see all customers) and whose role may view `resource` and
 * customers. A patient gone since: their branch is unknown, so only those who see every branch.
 * One read of the patient's branch (not a service call: events go out after the write, per event).
 */
export async function patientAudience(app: Application, record: { companyId: string; customerId: string }, resource: PermissionResource, context?: HookContext) {
  const db = app.get('db')
  const customer = (await db('customers').where({ _id: record.customerId, companyId: record.companyId }).first('branchId')) as { branchId: string } | undefined
  const settings = await companySettingsFor(db, record.companyId, context?.params)
  const names = settings.branchesSeeAllCustomers === true
    ? [companyChannel(record.companyId)]
    : [allBranchesChannel(record.companyId), ...(customer ? [branchChannel(customer.branchId)] : [])]
  return app.channel(names).filter((connection) => connectionMay(connection, resource, 'view') && connectionMay(connection, 'customers', 'view'))
}
