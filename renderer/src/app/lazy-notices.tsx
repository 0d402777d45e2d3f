import { Suspense, useCallback, useRef, useState, type ReactNode } from 'react'
import { lazyInBackground } from './background-chunk'
import type { NotificationConfig, NotificationInstance } from 'antd/es/notification/interface'

const NoticeHolder = lazyInBackground(() => import('./NoticeHolder'))

type Run = (api: NotificationInstance) => void

/**
 * A notification stack of its own (antd's useNotification) whose code loads with its first
 * notice: a listener mounted on every signed-in screen (freed slots, task reminders) waits for
 * its events without putting antd's notification code (about 9 kB) on the first screen.
 * `show` runs at once when the stack is there, else as soon as it is; `holder` goes where the
 * notices find their context (inside the router: they link to screens). `config` is read once.
 */
export function useLazyNotices(config: NotificationConfig): { show: (run: Run) => void; holder: ReactNode } {
  const api = useRef<NotificationInstance | null>(null)
  const waiting = useRef<Run[]>([])
  const [wanted, setWanted] = useState(false)
  const [initial] = useState(config)
  const show = useCallback((run: Run) => {
    if (api.current) return run(api.current)
    waiting.current.push(run)
    setWanted(true)
  }, [])
  const onReady = useCallback((ready: NotificationInstance) => {
    api.current = ready
    for (const run of waiting.current.splice(0)) run(ready)
  }, [])
  const holder = wanted ? (
    <Suspense fallback={null}>
      <NoticeHolder config={initial} onReady={onReady} />
    </Suspense>
  ) : null
  return { show, holder }
}
