import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import type { Permission, PermissionFlag, PermissionResource } from '../../../../../domain/access/resources'

/** Main: the permission vocabulary (spec section 6) and the caller's own grants. */
export interface PermissionsSummary {
  resources: readonly PermissionResource[]
  flags: readonly PermissionFlag[]
  /** The caller's role's permissions, as the server checks them. */
  mine: Permission[]
}

// Query: nothing to ask for; tenancy adds companyId.
export const permissionsQuerySchema = Type.Object({ companyId: Type.Optional(IdSchema) }, { $id: 'PermissionsQuery', additionalProperties: false })
export type PermissionsQuery = Static<typeof permissionsQuerySchema>
export const permissionsQueryValidator = getValidator(permissionsQuerySchema, queryValidator)
