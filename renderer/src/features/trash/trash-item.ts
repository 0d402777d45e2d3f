import type { TrashItem } from '../../../../server/src/services/audit/trash/trash.shared'

export type { TrashItem }
export { trashRestoreConflict } from '../../../../server/src/services/audit/trash/trash.shared'

/** The list's text for an item: the server's title (name, person's names or title), else the id. */
export function trashTitle(item: Pick<TrashItem, 'title' | 'recordId'>): string {
  return item.title?.trim() || item.recordId
}
