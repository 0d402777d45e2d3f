import { lazy, Suspense, type ReactNode } from 'react'
import type { Xray } from '../../../../server/src/services/clinical/xrays/xrays.shared'

// The files' screen loads with the first X-ray opened, not with the tab.
const MediaAttachments = lazy(() => import('../media/MediaAttachments').then((module) => ({ default: module.MediaAttachments })))

/**
 * An X-ray's images, under its fields in the detail: upload, thumbnails, the viewer (zoom,
 * brightness and contrast, side by side with any other image of the patient). Who may add or
 * remove them follows `xrays: edit` (media's owner rule, docs/decisions/media.md).
 */
export function renderXrayImages(xray: Xray): ReactNode {
  return (
    <Suspense fallback={null}>
      <MediaAttachments owner={{ type: 'xrays', id: xray._id, customerId: xray.customerId }} />
    </Suspense>
  )
}
