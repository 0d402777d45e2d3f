import { hasPermission } from '../../domain/access/check'
import { defaultRoleKeys, defaultRoleNames, defaultRolePermissions } from '../../domain/access/default-roles'
import { isPermissionResource, permissionFlags, permissionResources } from '../../domain/access/resources'

describe('default roles (spec section 6)', () => {
  it('are the four the spec names', () => {
    expect(defaultRoleKeys.map((key) => defaultRoleNames[key]).sort()).toEqual(['Administrator', 'Director', 'Doctor', 'Finance manager'])
  })

  it.each(defaultRoleKeys)('%s names only known resources and flags, each resource once', (key) => {
    const grants = defaultRolePermissions[key]
    for (const grant of grants) {
      expect([grant.resource, isPermissionResource(grant.resource)]).toEqual([grant.resource, true])
      for (const flag of Object.keys(grant).filter((name) => name !== 'resource')) expect(permissionFlags).toContain(flag)
    }
    expect(new Set(grants.map((grant) => grant.resource)).size).toBe(grants.length)
  })

  it('administrator holds every flag on every resource', () => {
    for (const resource of permissionResources) expect([resource, hasPermission(defaultRolePermissions.administrator, resource, [...permissionFlags])]).toEqual([resource, true])
  })

  it('doctor works with appointments but sees only their own (no seeAll)', () => {
    const doctor = defaultRolePermissions.doctor
    expect(hasPermission(doctor, 'appointment', ['view', 'create', 'edit'])).toBe(true)
    expect(hasPermission(doctor, 'appointment', 'seeAll')).toBe(false)
    expect(hasPermission(doctor, ['users', 'roles', 'force-logout', 'payments'], ['view', 'create', 'edit', 'delete'], 'any')).toBe(false)
  })

  it('finance manager handles payments', () => {
    expect(hasPermission(defaultRolePermissions.finance, 'payments', ['view', 'create', 'edit', 'delete'])).toBe(true)
    expect(hasPermission(defaultRolePermissions.finance, 'payment-reports', 'view')).toBe(true)
  })

  it("director may do an emergency logout but not the owners' subscription and configurator", () => {
    const director = defaultRolePermissions.director
    expect(hasPermission(director, 'force-logout', 'create')).toBe(true)
    expect(hasPermission(director, ['subscriptions', 'configurator'], 'view', 'any')).toBe(false)
    expect(hasPermission(director, 'company', 'seeAll')).toBe(true)
  })

  it.each(defaultRoleKeys)('%s can see its own profile, company, team and permissions', (key) => {
    for (const resource of ['profile', 'my-company', 'my-team', 'permissions'] as const) {
      expect([resource, hasPermission(defaultRolePermissions[key], resource, 'view')]).toEqual([resource, true])
    }
  })
})
