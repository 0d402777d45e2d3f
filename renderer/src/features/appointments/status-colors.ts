import type { AppointmentStatus } from '../../../../domain/appointments/status'

/**
 * One colour per appointment status, used by the calendar (colour by status), the board's
 * columns, lists and tags. Chosen to read at a glance on a busy day: blues before the visit,
 * green while the patient is in, grey when it is over, red for trouble; drafts are pale.
 */
export const statusColors: Record<AppointmentStatus, string> = {
  planned: '#1677ff',
  confirmed: '#2f54eb',
  notConfirmed: '#faad14',
  late: '#fa541c',
  arrived: '#13c2c2',
  started: '#52c41a',
  completed: '#8c8c8c',
  cancelled: '#ff4d4f',
  noShow: '#a8071a',
  draft: '#b37feb',
  onlineWaiting: '#eb2f96'
}

/** Text colour readable on a status colour (all of them are dark enough for white). */
export const statusTextColor = '#ffffff'

export function statusColor(status: string): string {
  return statusColors[status as AppointmentStatus] ?? '#8c8c8c'
}
