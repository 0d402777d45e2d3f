/**
 * Writes docs/roles.md from domain/access/default-roles.ts, so the documented permission sets
 * are the ones new companies get. Run: node --import tsx scripts/roles-table.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { defaultRoleKeys, defaultRoleNames, defaultRolePermissions } from '../domain/access/default-roles'
import { permissionFlags, permissionResources, type PermissionFlag } from '../domain/access/resources'

const letter: Record<PermissionFlag, string> = { view: 'V', create: 'C', edit: 'E', delete: 'D', seeAll: 'S' }

function cell(resource: string, key: (typeof defaultRoleKeys)[number]): string {
  const grant = defaultRolePermissions[key].find((permission) => permission.resource === resource)
  const flags = permissionFlags.filter((flag) => grant?.[flag] === true).map((flag) => letter[flag])
  return flags.length > 0 ? flags.join(' ') : '–'
}

const header = ['resource', ...defaultRoleKeys.map((key) => defaultRoleNames[key])]
const lines = [
  '# Default roles',
  '',
  'Every new company starts with these four roles (spec section 6 names them but does not show',
  'their permission sets; these are our choice). Roles stay editable per company.',
  '',
  'Generated from `domain/access/default-roles.ts` by `node --import tsx scripts/roles-table.ts`;',
  'do not edit by hand.',
  '',
  'Flags: **V** view, **C** create, **E** edit, **D** delete, **S** seeAll (widens scope from',
  "one's own records to everyone's, e.g. a doctor without S on `appointment` sees only their own).",
  '– means no access.',
  '',
  `| ${header.join(' | ')} |`,
  `|${header.map(() => '---').join('|')}|`,
  ...permissionResources.map((resource) => `| \`${resource}\` | ${defaultRoleKeys.map((key) => cell(resource, key)).join(' | ')} |`),
  ''
]

const target = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'docs', 'roles.md')
fs.writeFileSync(target, lines.join('\n'))
console.log(`wrote ${target}`)
