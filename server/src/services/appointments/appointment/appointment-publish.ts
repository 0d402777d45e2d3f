import type { RealTimeConnection } from '@feathersjs/feathers'
import type { Application, HookContext } from '../../../declarations'
import { allBranchesChannel, branchChannel, connectionMay } from '../../../channels'
import { publishNote } from '../../publish-notes'

/** A patch that gave the appointment to another doctor: the doctor it left (set by the class's _patch). */
export const formerDoctor = publishNote<string>('appointment.formerDoctor')

interface Published {
  companyId: string
  branchId: string
  staffId: string
}

const userOf = (connection: RealTimeConnection) => (connection as { user?: { _id?: string } }).user?._id

/**
 * Who hears about an appointment (its created/patched/removed events and `slot-freed`): people
 * of its branch (or who see every branch) who may view appointments, and of those without
 * seeAll only its doctor (and the doctor it was taken from, after a patch gave it to another).
 */
export const publishAppointment = (app: Application) => (data: unknown, context?: HookContext) => {
  const record = data as Published
  // Events the service emits itself (series, slot-freed) come with a stand-in context without params.
  const doctors = new Set([record.staffId, formerDoctor.get(context?.params)].filter(Boolean))
  return app
    .channel([allBranchesChannel(record.companyId), branchChannel(record.branchId)])
    .filter(
      (connection: RealTimeConnection) =>
        connectionMay(connection, 'appointment', 'view') && (connectionMay(connection, 'appointment', 'seeAll') || doctors.has(userOf(connection)))
    )
}
