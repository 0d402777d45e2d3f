import { client } from '../../api/client'
import { refreshService } from '../../api/live'
import type { AppointmentData, AppointmentRecord } from '../appointments/appointment-types'

/**
 * Books a visit for a plan's phase: the plan's patch makes the appointment (with the appointment
 * service's own rules) and links it to the phase in one transaction; a refusal writes neither.
 * Answers the appointment, as the booking form's create does.
 */
export async function bookPlanPhase(link: { planId: string; phaseId: string }, appointment: AppointmentData & { overrideWorkingHours?: boolean }): Promise<AppointmentRecord> {
  const plan = await client.service('treatment-plan').patch(link.planId, { book: { phase: link.phaseId, appointment: { ...appointment } } })
  const appointmentId = plan.phases.find((phase) => phase._id === link.phaseId)?.appointmentId
  void refreshService('treatment-plan')
  void refreshService('appointment')
  return client.service('appointment').get(appointmentId!)
}
