import { useEffect } from 'react'
import { client } from '../../api/client'
import { refreshService } from '../../api/live'
import type { Media } from '../../../../server/src/services/customers/media/media.shared'
import { expensePath } from './expense-form'

/**
 * The list's paperclips come with the expenses (`fileCount`), so a file added to or removed from
 * an expense (here, in the drawer, or by a colleague) refetches the list. Media's events reach
 * those who may see the expense; patients' files are none of this list's business.
 */
export function useFileCountsLive() {
  useEffect(() => {
    const media = client.service('media')
    const changed = (file: Media) => {
      if (file.ownerType === 'expense') void refreshService(expensePath)
    }
    media.on('created', changed)
    media.on('removed', changed)
    return () => {
      media.off('created', changed)
      media.off('removed', changed)
    }
  }, [])
}
