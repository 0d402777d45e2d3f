import type { RealTimeConnection } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { allBranchesChannel, branchChannel, connectionMay, connectionViewer } from '../../../channels'
import { mayViewRecord, type Viewer } from '../../../access/record-scope'
import { hasPermission } from '../../../../../domain/access/check'
import { companySettingsFor } from '../../company/company/company-reads'
import { customerScope } from '../../customers/customers/customer-branches'
import { patientsWithNumber } from '../calls/call-intake'
import type { Call } from '../calls/calls.class'
import type { IncomingCall } from './onlinepbx-incoming-call.shared'

type Patient = { _id: string; branchId: string; first_name?: string | null; last_name?: string | null; middle_name?: string | null; phone?: string | null }

/**
 * The pop as one viewer sees it: only the patients they may see (customers view and the
 * customers' branch scope), and no number at all when phone protection hides numbers from them
 * (the caller's and the patients': a user without `customer-phone` seeAll sees names only).
 */
export function popFor(viewer: Viewer, call: Call, patients: readonly Patient[]): IncomingCall {
  const hidden = viewer.settings.phoneProtection === true && !hasPermission(viewer.permissions, 'customer-phone', 'seeAll')
  const seesCustomers = hasPermission(viewer.permissions, 'customers', 'view')
  const customers = seesCustomers ? patients.filter((patient) => mayViewRecord(customerScope, viewer, { branchId: patient.branchId, ownerId: null })) : []
  return {
    _id: call._id,
    companyId: call.companyId,
    branchId: call.branchId,
    uuid: call.uuid,
    phone: hidden ? null : call.phone,
    ...(hidden ? { phoneHidden: true as const } : {}),
    line: call.line,
    startedAt: call.startedAt,
    customers: customers.map((patient) => ({
      _id: patient._id,
      first_name: patient.first_name ?? '',
      last_name: patient.last_name ?? '',
      middle_name: patient.middle_name ?? '',
      phone: hidden ? null : (patient.phone ?? null)
    }))
  }
}

/**
 * The publisher of the pop: the call's branch and those who see every branch, among those who may
 * view `onlinepbx-incoming-call`; each connection gets the pop in its own shape (popFor). Nothing
 * goes to another branch or another company.
 */
export const publishIncomingCall = (app: Application) => async (data: unknown) => {
  const call = data as Call
  const [settings, patients] = await Promise.all([companySettingsFor(app.get('db'), call.companyId, undefined), patientsWithNumber(app, call.companyId, call.phone ?? '', {})])
  const audience = app
    .channel([allBranchesChannel(call.companyId), branchChannel(call.branchId)])
    .filter((connection: RealTimeConnection) => connectionMay(connection, 'onlinepbx-incoming-call', 'view'))
  const shapes = new Map<string, { pop: IncomingCall; connections: RealTimeConnection[] }>()
  for (const connection of audience.connections) {
    const viewer = connectionViewer(connection, settings)
    if (!viewer) continue
    const pop = popFor(viewer, call, patients as unknown as Patient[])
    const key = JSON.stringify(pop)
    const shape = shapes.get(key) ?? { pop, connections: [] }
    shape.connections.push(connection)
    shapes.set(key, shape)
  }
  return [...shapes.values()].map(({ pop, connections }) => audience.filter((connection) => connections.includes(connection)).send(pop))
}
