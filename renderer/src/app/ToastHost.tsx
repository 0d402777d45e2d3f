import { useEffect } from 'react'
import { Button, notification } from 'antd'
import { TOAST_DURATION_MS } from '../api/constants'
import { registerToastHost } from './toasts'

/**
 * The two notification stacks behind `toast` and the update notice (toasts.tsx). A chunk of
 * its own, mounted the first time something is shown: antd's notification code is not part of
 * a first screen that has nothing to say.
 */
export default function ToastHost() {
  const [toastApi, toastHolder] = notification.useNotification({
    placement: 'topRight',
    duration: TOAST_DURATION_MS / 1000,
    maxCount: 1,
    stack: false
  })
  // A separate stack so a passing error toast can never push the update notice away.
  const [updateApi, updateHolder] = notification.useNotification({ placement: 'bottomRight', duration: false })
  useEffect(() => registerToastHost(toastApi, updateApi, { Button }), [toastApi, updateApi])
  return (
    <>
      {toastHolder}
      {updateHolder}
    </>
  )
}
