import type { TFunction } from 'i18next'
import { defaultRoleKeys, defaultRoleNames, type DefaultRoleKey } from '../../../../domain/access/default-roles'

interface NamedRole {
  name: string
  key?: string | null
}

/**
 * The four default roles are stored with English names; shown in the interface language as long
 * as nobody renamed them. A renamed or custom role shows its own name.
 */
export function roleLabel(role: NamedRole | null | undefined, t: TFunction): string {
  if (!role) return '—'
  const key = (role.key && (defaultRoleKeys as readonly string[]).includes(role.key) ? role.key : undefined) ??
    defaultRoleKeys.find((candidate) => defaultRoleNames[candidate] === role.name)
  return key && defaultRoleNames[key as DefaultRoleKey] === role.name ? t(`roles.default.${key}`) : role.name
}
