/**
 * The notifications report's statuses (issue 19, `notification-reports`; docs/decisions/reports.md):
 * each outbox state (messaging's `outboxStates`) falls in exactly one, so the statuses of a line
 * add up to its messages.
 */
export const notificationStatuses = ['delivered', 'sent', 'failed', 'unknown', 'waiting', 'cancelled'] as const
export type NotificationStatus = (typeof notificationStatuses)[number]

/** The outbox states of each status: a message waiting for its time or in a worker's hands is "waiting". */
export const statesOfStatus: Record<NotificationStatus, readonly string[]> = {
  delivered: ['delivered'],
  sent: ['sent'],
  failed: ['failed'],
  unknown: ['unknown'],
  waiting: ['scheduled', 'sending'],
  cancelled: ['cancelled']
}

/** The status an outbox state counts in (a state not known is "unknown"). */
export function statusOfState(state: string): NotificationStatus {
  return notificationStatuses.find((status) => statesOfStatus[status].includes(state)) ?? 'unknown'
}

/** A line's counts per status and their sum. */
export type StatusCounts = Record<NotificationStatus, number> & { total: number }

export const emptyStatusCounts = (): StatusCounts => ({ delivered: 0, sent: 0, failed: 0, unknown: 0, waiting: 0, cancelled: 0, total: 0 })

/** Adds `count` messages of `status` to a line. */
export function addStatus(counts: StatusCounts, status: NotificationStatus, count: number): void {
  counts[status] += count
  counts.total += count
}
