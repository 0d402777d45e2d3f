import type { TFunction } from 'i18next'
import type { TrashItem } from '../../../../server/src/services/audit/trash/trash.shared'

export type { TrashItem }
import { roleLabel } from '../roles/role-label'

export { trashRestoreConflict } from '../../../../server/src/services/audit/trash/trash.shared'

/** The list's text for an item: the server's title (name, person's names or title), else the id. */
export function trashTitle(item: Pick<TrashItem, 'title' | 'recordId'>): string {
  return item.title?.trim() || item.recordId
}

/** The list's text in the interface language: a removed default role by its translated name. */
export function trashText(item: Pick<TrashItem, 'title' | 'recordId' | 'service'>, t: TFunction): string {
  return item.service === 'roles' ? roleLabel({ name: trashTitle(item) }, t) : trashTitle(item)
}
