import type { TFunction } from 'i18next'
import type { TrashItem } from '../../../../server/src/services/audit/trash/trash.shared'

export type { TrashItem }
import { roleLabel } from '../roles/role-label'

export { trashRestoreConflict } from '../../../../server/src/services/audit/trash/trash.shared'

/**
 * The list's text for an item in the interface language: the server's title (name, person's
 * names or title), a removed default role by its translated name, and a record without a name (a
 * note, a chart entry) as such, never its id (issue 13: no raw ids on screen).
 */
export function trashText(item: Pick<TrashItem, 'title' | 'recordId' | 'service'>, t: TFunction): string {
  const title = item.title?.trim()
  if (!title) return t('trash.untitled')
  return item.service === 'roles' ? roleLabel({ name: title }, t) : title
}
