import { permissionFlags, permissionResources, type Permission, type PermissionFlag } from '../../../../domain/access/resources'

/** The matrix editor's model: one row per resource of spec section 6, every flag a boolean. */
export type Matrix = Record<string, Record<PermissionFlag, boolean>>

export function toMatrix(permissions: Permission[] | undefined, resources: readonly string[] = permissionResources): Matrix {
  const matrix: Matrix = {}
  for (const resource of resources) {
    const granted = permissions?.find((permission) => permission.resource === resource)
    matrix[resource] = Object.fromEntries(permissionFlags.map((flag) => [flag, granted?.[flag] === true])) as Record<PermissionFlag, boolean>
  }
  return matrix
}

/** Back to the server's shape, leaving out resources with nothing granted. */
export function fromMatrix(matrix: Matrix): Permission[] {
  return Object.entries(matrix)
    .filter(([, flags]) => permissionFlags.some((flag) => flags[flag]))
    .map(([resource, flags]) => ({ resource, ...Object.fromEntries(permissionFlags.filter((flag) => flags[flag]).map((flag) => [flag, true])) }))
}

/**
 * Ticking any flag also ticks view (nothing can be edited that cannot be seen); unticking view
 * clears the row. Keeps roles coherent without a lecture.
 */
export function toggle(matrix: Matrix, resource: string, flag: PermissionFlag, on: boolean): Matrix {
  const row = { ...matrix[resource], [flag]: on }
  if (on && flag !== 'view') row.view = true
  if (!on && flag === 'view') for (const other of permissionFlags) row[other] = false
  return { ...matrix, [resource]: row }
}

/** Sets one flag on every listed resource (column header checkbox). */
export function toggleColumn(matrix: Matrix, resources: string[], flag: PermissionFlag, on: boolean): Matrix {
  return resources.reduce((next, resource) => toggle(next, resource, flag, on), matrix)
}

/** Sets every flag of one resource (row "all" checkbox). */
export function toggleRow(matrix: Matrix, resource: string, on: boolean): Matrix {
  return { ...matrix, [resource]: Object.fromEntries(permissionFlags.map((flag) => [flag, on])) as Record<PermissionFlag, boolean> }
}

export function columnState(matrix: Matrix, resources: string[], flag: PermissionFlag): 'all' | 'some' | 'none' {
  const count = resources.filter((resource) => matrix[resource]?.[flag]).length
  return count === 0 ? 'none' : count === resources.length ? 'all' : 'some'
}
