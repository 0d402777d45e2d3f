import { useEffect, useState } from 'react'
import { loadTextArea } from '../../i18n'
import { PageLoading } from '../../components/PageLoading'
import { NotificationSettings } from './NotificationSettings'

/**
 * The company profile's `notifications` tab: which events send by which channel, quiet hours, reminders, and the accounts.
 * Its texts (area `messaging`, i18n/text-areas.ts) load when it is first shown.
 */
export function NotificationsTab() {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    void loadTextArea('messaging').then(() => live && setReady(true))
    return () => {
      live = false
    }
  }, [])
  return ready ? <NotificationSettings /> : <PageLoading />
}
