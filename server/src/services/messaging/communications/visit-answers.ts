import { randomBytes } from 'node:crypto'
import type { Application } from '../../../declarations'
import { canTransition, type AppointmentStatus } from '../../../../../domain/appointments/status'
import type { Appointment } from '../../appointments/appointment/appointment.shared'
import { clockOf, hashToken } from './appointment-messages'
import { insertLink, markLinkUsed } from './outbox-store'

export type VisitAnswer = 'confirm' | 'cancel'

export interface AnswerResult {
  /** `changed`: the status changed now; `same`: it already was; `refused`: the state machine does not allow it. */
  outcome: 'changed' | 'same' | 'refused'
  status: AppointmentStatus
}

/**
 * A patient confirms or cancels their visit (the confirm/cancel page, a Telegram button, a
 * WhatsApp quick reply): the appointment service changes the status (its state machine applies;
 * every calendar hears the `patched` event), and the answer is recorded with its channel on an `appointment_links` row
 * (`confirm:link`, `cancel:telegram`, `confirm:whatsapp`, ...): the page's own link row, or a row made for the answer
 * when the channel has no link (its token is random and never given out).
 */
export async function answerVisit(
  app: Application,
  appointment: Appointment,
  action: VisitAnswer,
  channel: { kind: 'link'; tokenHash: string } | { kind: 'telegram' | 'whatsapp'; locale: string }
): Promise<AnswerResult> {
  const status = appointment.status as AppointmentStatus
  const target: AppointmentStatus = action === 'confirm' ? 'confirmed' : 'cancelled'
  if (status === target) return { outcome: 'same', status }
  if (!canTransition(status, target)) return { outcome: 'refused', status }
  const patched = await app.service('appointment').patch(appointment._id, { status: target }, { query: { companyId: appointment.companyId } })
  const db = app.get('db')
  const nowMs = clockOf(app)
  if (channel.kind === 'link') await markLinkUsed(db, channel.tokenHash, `${action}:link`, nowMs)
  else {
    const tokenHash = hashToken(randomBytes(18).toString('base64url'))
    await insertLink(db, { tokenHash, companyId: appointment.companyId, appointmentId: appointment._id, locale: channel.locale, expiresAt: appointment.end })
    await markLinkUsed(db, tokenHash, `${action}:${channel.kind}`, nowMs)
  }
  return { outcome: 'changed', status: patched.status as AppointmentStatus }
}
