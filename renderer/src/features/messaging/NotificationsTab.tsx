import { useTextArea } from '../../i18n/useTextArea'
import { PageLoading } from '../../components/PageLoading'
import { NotificationSettings } from './NotificationSettings'

/**
 * The company profile's `notifications` tab: which events send by which channel, quiet hours, reminders, and the accounts.
 * Its texts (area `messaging`, i18n/text-areas.ts) load when it is first shown.
 */
export function NotificationsTab() {
  const ready = useTextArea('messaging')
  return ready ? <NotificationSettings /> : <PageLoading />
}
