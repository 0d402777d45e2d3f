import type { TFunction } from 'i18next'
import type { Notification } from '../../../../server/src/services/messaging/my-notifications/my-notifications.shared'

type Formatters = { money: (minor: number, currency: string) => string }

/** A notification's title and line in the reader's language (the server keeps only its kind and facts). */
export function notificationText(notification: Pick<Notification, 'kind' | 'params'>, t: TFunction, format: Formatters): { title: string; body: string } {
  const { params } = notification
  const title = t(`staffNotifications.kinds.${notification.kind}`)
  if (notification.kind === 'task-due') return { title, body: String(params.description ?? '') }
  if (notification.kind === 'report-export-ready') return { title, body: String(params.title ?? '') }
  const amount = format.money(Number(params.amount ?? 0), String(params.currency ?? ''))
  return { title, body: params.customerName ? `${params.customerName} · ${amount}` : amount }
}
