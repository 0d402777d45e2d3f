import { useEffect } from 'react'
import { notification } from 'antd'
import type { NotificationConfig, NotificationInstance } from 'antd/es/notification/interface'

/** The stack behind useLazyNotices (lazy-notices.tsx): its own chunk, mounted with the first notice. */
export default function NoticeHolder({ config, onReady }: { config: NotificationConfig; onReady: (api: NotificationInstance) => void }) {
  const [api, holder] = notification.useNotification(config)
  useEffect(() => onReady(api), [api, onReady])
  return holder
}
