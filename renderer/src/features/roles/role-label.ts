import type { TFunction } from 'i18next'
import { defaultRoleKeys, defaultRoleNames, type DefaultRoleKey } from '../../../../domain/access/default-roles'

export interface NamedRole {
  name: string
  /** A default role's key; null for a company's own role; absent when only the name is known. */
  key?: string | null
}

const isDefaultKey = (key: string): key is DefaultRoleKey => (defaultRoleKeys as readonly string[]).includes(key)

/**
 * The default role a role still is, or undefined: its key names a default role and it keeps
 * that role's stored (English) name. Where only a name is known (a trash entry's title), a
 * default role's name stands for its key. A company's own role (key null) is never one.
 */
export function untouchedDefaultRole(role: NamedRole): DefaultRoleKey | undefined {
  if (role.key === null) return undefined
  const key = role.key === undefined ? defaultRoleKeys.find((candidate) => defaultRoleNames[candidate] === role.name) : role.key
  return key !== undefined && isDefaultKey(key) && defaultRoleNames[key] === role.name ? key : undefined
}

/**
 * What the interface calls a role (docs/decisions/identity.md): the four default roles are
 * stored with English names and shown in the interface language (`roles.default.<key>`) as
 * long as nobody renamed them; a renamed or custom role shows its own name.
 */
export function roleLabel(role: NamedRole | null | undefined, t: TFunction): string {
  if (!role) return '—'
  const key = untouchedDefaultRole(role)
  return key ? t(`roles.default.${key}`) : role.name
}
