import { lazy, Suspense, useSyncExternalStore } from 'react'
import type { Button } from 'antd'
import type { NotificationInstance } from 'antd/es/notification/interface'
import { i18n } from '../i18n'
import { errorCode, technicalKey } from '../api/errors'
import { formatters } from '../i18n/format'
import { isPrintFailedError } from '../platform/print-failure'

/**
 * Spec section 2: toasts top-right, 1500 ms, one at a time. Held in a module so code outside
 * React (socket events, service-worker updates) can show them too.
 *
 * The notification stacks (ToastHost.tsx) load with the first toast, not with the first screen:
 * until they are mounted, what is shown waits in `waiting` and appears as soon as they are.
 */
let toasts: NotificationInstance | null = null
let updates: NotificationInstance | null = null
/** What the toasts' own content needs from antd, handed over by ToastHost's chunk (not the first screen's). */
interface ToastParts {
  Button: typeof Button
}
let parts: ToastParts | null = null
type Show = (toastApi: NotificationInstance, updateApi: NotificationInstance, parts: ToastParts) => void
const waiting: Show[] = []
let hostWanted = false
const hostListeners = new Set<() => void>()

// Should its chunk fail to load (offline, build replaced), toasts are lost but the app stands:
// this sits above the router, whose error screens would not catch it.
const LazyToastHost = lazy(() => import('./ToastHost').catch(() => ({ default: () => <></> })))

function show(run: Show) {
  if (toasts && updates && parts) return run(toasts, updates, parts)
  waiting.push(run)
  if (hostWanted) return
  hostWanted = true
  for (const listener of hostListeners) listener()
}

/** Called by ToastHost once its stacks exist; returns the cleanup for its unmount. */
export function registerToastHost(toastApi: NotificationInstance, updateApi: NotificationInstance, toastParts: ToastParts) {
  toasts = toastApi
  updates = updateApi
  parts = toastParts
  for (const run of waiting.splice(0)) run(toastApi, updateApi, toastParts)
  return () => {
    if (toasts === toastApi) toasts = updates = parts = null
  }
}

const subscribeHost = (listener: () => void) => {
  hostListeners.add(listener)
  return () => hostListeners.delete(listener)
}

/** Where the toasts appear (inside the providers, for theme and language); empty until the first one. */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeHost, () => hostWanted)
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToastHost />
    </Suspense>
  ) : null
}

export const toast = {
  success: (title: string) => show((api) => api.success({ title, role: 'status' })),
  info: (title: string) => show((api) => api.info({ title, role: 'status' })),
  warning: (title: string) => show((api) => api.warning({ title })),
  error: (title: string = i18n.t('errors.something-went-wrong')) => show((api) => api.error({ title, role: 'alert' }))
}

/** The message for any failure: the server's code translated, else the default error toast. */
export function errorMessage(error: unknown): string {
  // The desktop shell's printing says why it printed nothing.
  if (isPrintFailedError(error)) return i18n.t(`printers.failures.${error.reason}`)
  const technical = technicalKey(error)
  if (technical) return i18n.t(technical)
  const code = errorCode(error)
  const data = (error as { data?: Record<string, unknown> } | null)?.data ?? {}
  const date = typeof data.date === 'string' ? data.date : undefined
  // A refusal that says why (the visit or break in the way, the day's hours) reads best in full.
  const reason = typeof data.reason === 'string' ? `errorReasons.${code}.${data.reason}` : null
  if (reason && i18n.exists(reason)) return i18n.t(reason, { ...data, date: date && formatters(i18n.language).date(`${date}T12:00:00`) })
  return i18n.t(`errors.${code}`, { date })
}

export function toastError(error: unknown) {
  toast.error(errorMessage(error))
}

/** The persistent update notice: never auto-hides, one button (issue 3, section 4). */
export function showUpdateToast(onRefresh: () => void) {
  // The worker may be found waiting before React has mounted the toast host.
  show((_, updateApi, { Button }) =>
    updateApi.warning({
      key: 'app-update',
      title: i18n.t('pwa.updateTitle'),
      description: i18n.t('pwa.updateText'),
      duration: false,
      closable: false,
      actions: (
        <Button type="primary" size="small" onClick={onRefresh}>
          {i18n.t('pwa.updateButton')}
        </Button>
      )
    })
  )
}

/**
 * Runs `run` with the update stack (bottom right, never auto-hides) once the toast host is
 * there: the desktop shell's update notice (features/desktop-update/desktop-update.tsx) lives beside the web app's.
 */
export function withUpdateStack(run: (updateApi: NotificationInstance, parts: ToastParts) => void) {
  show((_, updateApi, toastParts) => run(updateApi, toastParts))
}
