import { useEffect } from 'react'
import { Button, notification } from 'antd'
import type { NotificationInstance } from 'antd/es/notification/interface'
import { i18n } from '../i18n'
import { errorCode, technicalKey } from '../api/errors'
import { TOAST_DURATION_MS } from '../api/constants'

/**
 * Spec section 2: toasts top-right, 1500 ms, one at a time. Held in a module so code outside
 * React (socket events, service-worker updates) can show them too.
 */
let toasts: NotificationInstance | null = null
let updates: NotificationInstance | null = null

export function ToastHost() {
  const [toastApi, toastHolder] = notification.useNotification({
    placement: 'topRight',
    duration: TOAST_DURATION_MS / 1000,
    maxCount: 1,
    stack: false
  })
  // A separate stack so a passing error toast can never push the update notice away.
  const [updateApi, updateHolder] = notification.useNotification({ placement: 'bottomRight', duration: false })
  useEffect(() => {
    toasts = toastApi
    updates = updateApi
    if (pendingUpdate) showUpdateToast(pendingUpdate)
    pendingUpdate = null
  }, [toastApi, updateApi])
  return (
    <>
      {toastHolder}
      {updateHolder}
    </>
  )
}

export const toast = {
  success: (title: string) => toasts?.success({ title, role: 'status' }),
  info: (title: string) => toasts?.info({ title, role: 'status' }),
  warning: (title: string) => toasts?.warning({ title }),
  error: (title: string = i18n.t('errors.something-went-wrong')) => toasts?.error({ title, role: 'alert' })
}

/** The message for any failure: the server's code translated, else the default error toast. */
export function errorMessage(error: unknown): string {
  const technical = technicalKey(error)
  if (technical) return i18n.t(technical)
  const code = errorCode(error)
  const date = (error as { data?: { date?: string } })?.data?.date
  return i18n.t(`errors.${code}`, { date })
}

export function toastError(error: unknown) {
  toast.error(errorMessage(error))
}

/** The persistent update notice: never auto-hides, one button (issue 3, section 4). */
let pendingUpdate: (() => void) | null = null

export function showUpdateToast(onRefresh: () => void) {
  // The worker may be found waiting before React has mounted the toast host.
  if (!updates) {
    pendingUpdate = onRefresh
    return
  }
  updates.warning({
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
}
