import type { TFunction } from 'i18next'

/**
 * The kinds of record the trash can hold, as its filter offers them: the record services whose
 * removed records go to trash. A kind the list does not know yet still shows, under its path.
 */
export const trashKinds = ['customers', 'notes', 'tags', 'sources', 'fields', 'specialty', 'branches', 'roles', 'users', 'service', 'service-categories', 'work-place', 'time-templates', 'exam', 'expense'] as const

/** The translated name of a service's records (trash kinds, activity log sections). */
export function kindLabel(t: TFunction, servicePath: string): string {
  return t(`trash.kinds.${servicePath}`, { defaultValue: servicePath })
}
