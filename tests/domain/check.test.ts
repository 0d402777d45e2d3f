import { hasPermission } from '../../domain/access/check'
import type { Permission } from '../../domain/access/resources'

const permissions: Permission[] = [
  { resource: 'appointment', view: true, create: true, edit: true },
  { resource: 'customers', view: true, seeAll: true },
  { resource: 'payments', view: true, create: false },
  // Two grants on one resource: the check looks at each grant on its own.
  { resource: 'notes', view: true },
  { resource: 'notes', edit: true }
]

describe('hasPermission (spec section 6)', () => {
  it('passes when a permission for the resource has the flag', () => {
    expect(hasPermission(permissions, 'appointment', 'view')).toBe(true)
    expect(hasPermission(permissions, 'customers', 'seeAll')).toBe(true)
  })

  it('fails for a flag that is missing or explicitly false', () => {
    expect(hasPermission(permissions, 'appointment', 'delete')).toBe(false)
    expect(hasPermission(permissions, 'appointment', 'seeAll')).toBe(false)
    expect(hasPermission(permissions, 'payments', 'create')).toBe(false)
  })

  it('needs all requested flags by default', () => {
    expect(hasPermission(permissions, 'appointment', ['view', 'create', 'edit'])).toBe(true)
    expect(hasPermission(permissions, 'appointment', ['view', 'delete'])).toBe(false)
    expect(hasPermission(permissions, 'appointment', ['view', 'edit'], 'all')).toBe(true)
  })

  it('needs all flags on one and the same permission, not spread over several', () => {
    expect(hasPermission(permissions, 'notes', 'view')).toBe(true)
    expect(hasPermission(permissions, 'notes', 'edit')).toBe(true)
    expect(hasPermission(permissions, 'notes', ['view', 'edit'])).toBe(false)
    expect(hasPermission(permissions, 'notes', ['view', 'edit'], 'any')).toBe(true)
  })

  it("with 'any', passes when any requested flag is set", () => {
    expect(hasPermission(permissions, 'appointment', ['delete', 'edit'], 'any')).toBe(true)
    expect(hasPermission(permissions, 'payments', ['create', 'delete'], 'any')).toBe(false)
    expect(hasPermission(permissions, 'payments', 'view', 'any')).toBe(true)
  })

  it('takes a list of resources and passes when it passes for any of them', () => {
    expect(hasPermission(permissions, ['roles', 'customers'], 'seeAll')).toBe(true)
    expect(hasPermission(permissions, ['roles', 'users'], 'view')).toBe(false)
    expect(hasPermission(permissions, ['payments', 'appointment'], ['create', 'edit'])).toBe(true)
    expect(hasPermission(permissions, ['payments', 'customers'], ['delete', 'seeAll'], 'any')).toBe(true)
  })

  it('fails for a resource the role does not mention', () => {
    expect(hasPermission(permissions, 'roles', 'view')).toBe(false)
    expect(hasPermission(permissions, 'roles', ['view', 'edit'], 'any')).toBe(false)
  })

  it('fails on empty cases: no permissions, no flags, no resources', () => {
    expect(hasPermission(undefined, 'appointment', 'view')).toBe(false)
    expect(hasPermission([], 'appointment', 'view')).toBe(false)
    expect(hasPermission(permissions, 'appointment', [])).toBe(false)
    expect(hasPermission(permissions, 'appointment', [], 'any')).toBe(false)
    expect(hasPermission(permissions, [], 'view')).toBe(false)
    expect(hasPermission([{ resource: 'appointment' }], 'appointment', 'view')).toBe(false)
  })
})
