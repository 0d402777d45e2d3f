import { Suspense, useState } from 'react'
import { lazyInBackground } from '../../app/background-chunk'
import { Badge, Button, Popover, Spin } from 'antd'
import { BellOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'

const NotificationPanel = lazyInBackground(() => import('./NotificationPanel'))

/**
 * The bell in the top bar (issue 18, item 8): the member's unread count, live (`my-notifications`
 * events reach only them), and a list, newest first; a click marks one read and opens its link.
 */
export function NotificationBell() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const unread = useFind('my-notifications', { readAt: null, $limit: 0 })
  const count = unread.data?.total ?? 0
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
      styles={{ container: { padding: 0 } }}
      content={
        <Suspense fallback={<div className="bell-panel bell-panel-empty"><Spin /></div>}>
          <NotificationPanel onClose={() => setOpen(false)} />
        </Suspense>
      }
    >
      <Button
        type="text"
        data-testid="bell"
        aria-label={count > 0 ? t('staffNotifications.bellUnread', { count }) : t('staffNotifications.title')}
        icon={
          <Badge count={count} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  )
}
