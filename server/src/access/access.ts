import { authenticate } from '@feathersjs/authentication'
import { Forbidden, MethodNotAllowed, NotAuthenticated } from '@feathersjs/errors'
import { hasPermission } from '../../../domain/access/check'
import type { PermissionFlag, PermissionResource } from '../../../domain/access/resources'
import type { HookContext, NextFunction } from '../declarations'
import { clinicError } from '../errors'
import { checkReferences } from './references'
import { replacementSchema, replaceThroughPatch, silenceReplacingPatch } from './replace'
import type { TSchema } from '@feathersjs/typebox'
import type { Identity } from './identity'

/**
 * What an external call of one method needs:
 * - `public`: anyone, signed in or not (sign-up, forgot password); a token, when sent, is still
 *   checked so the method can see who calls;
 * - `signedIn`: any signed-in person, whatever their role (their own profile, the branch list);
 *   with `item`, the service then checks that flag on each record's own resource (the trash holds
 *   records of many services: restoring one needs `create` on that record's resource);
 * - a permission: the role must hold `flag` on `resource` (spec section 6).
 */
export type AccessRule =
  | { public: true }
  | { signedIn: true; item?: PermissionFlag }
  | { resource: PermissionResource; flag: PermissionFlag }

export type ServiceMethod = 'find' | 'get' | 'create' | 'update' | 'patch' | 'remove'
export type AccessTable = Partial<Record<ServiceMethod, AccessRule>>

export interface AccessDeclaration {
  methods: AccessTable
  /**
   * The data schema of each writing method offered from outside. Its reference fields
   * (schema/references.ts) are checked here for every external call, before the service's own
   * hooks: another company's record, a branch the caller does not work in, a role beyond the
   * caller's rights are refused (references.ts).
   */
  data?: Partial<Record<'create' | 'update' | 'patch', TSchema>>
  /**
   * Standard methods the service refuses, each with the reason (spec section 7 promises find,
   * get, create, update, patch and remove on every service; where one makes no sense, this says
   * why). A refused method is taken out of `methods` and answers MethodNotAllowed.
   * tests/server/access/access-table.test.ts requires every service to either allow `update` or
   * refuse it here.
   */
  refuses?: Partial<Record<ServiceMethod, string>>
  /** The company module this service belongs to; a switched-off module refuses every call. */
  module?: string
}

/**
 * The usual table of a record service (spec section 6's flag per method): find/get need view,
 * create needs create, update (a full replacement) and patch need edit, remove needs delete.
 * `overrides` replaces some rules; a declaration's `refuses` takes a method out.
 */
export function standardAccess(resource: PermissionResource, overrides: AccessTable = {}): AccessTable {
  return {
    find: { resource, flag: 'view' },
    get: { resource, flag: 'view' },
    create: { resource, flag: 'create' },
    update: { resource, flag: 'edit' },
    patch: { resource, flag: 'edit' },
    remove: { resource, flag: 'delete' },
    ...overrides
  }
}

/** Every service's declaration, by path. tests/server/access/access-table.test.ts reviews it. */
export const accessRegistry = new Map<string, AccessDeclaration>()

const requireToken = authenticate('jwt')

/** Puts a service's declaration in the registry as it applies: see `registered`. */
export function declareAccess(path: string, declared: AccessDeclaration): AccessDeclaration {
  const declaration = registered(path, declared)
  accessRegistry.set(path, declaration)
  return declaration
}

/** The declaration as registered: refused methods out of the table, update's data schema known. */
function registered(path: string, declared: AccessDeclaration): AccessDeclaration {
  const refused = Object.keys(declared.refuses ?? {})
  const methods = Object.fromEntries(Object.entries(declared.methods).filter(([method]) => !refused.includes(method))) as AccessTable
  if (!methods.update) return { ...declared, methods }
  const create = declared.data?.create
  const patch = declared.data?.patch
  const update = declared.data?.update ?? (create && patch ? replacementSchema(create, patch) : undefined)
  if (!update || !methods.patch) throw new Error(`${path}: update needs patch and a data schema (data.update, or data.create and data.patch), or refuses.update`)
  return { ...declared, methods, data: { ...declared.data, update } }
}

/**
 * The first hook of every service: declares who may call each method, authenticates the caller
 * and checks the permission and module. A method not in the table is not callable from outside.
 * Internal calls (no provider) are the server's own and pass.
 */
export function access(path: string, declared: AccessDeclaration) {
  const declaration = declareAccess(path, declared)
  return async (context: HookContext, next: NextFunction) => {
    if (!context.params.provider) return next()
    silenceReplacingPatch(context)
    const rule = declaration.methods[context.method as ServiceMethod]
    if (!rule) throw new MethodNotAllowed(`Method ${context.method} is not allowed on ${path}`, { code: 'invalid-request' })
    if (!('public' in rule) || context.params.authentication) await requireToken(context)
    assertRule(declaration, rule, context.params.identity)
    // The patch an update runs as (replace.ts) carries the data the update's own check just read.
    const replacing = context.params.replacing === path
    if (!replacing && (context.method === 'create' || context.method === 'update' || context.method === 'patch')) await checkReferences(context, declaration.data?.[context.method])
    return next()
  }
}

/** The permission and module a method's rule asks of a signed-in caller, refused as the guard refuses. */
function assertRule(declaration: AccessDeclaration, rule: AccessRule, identity: Identity | undefined): void {
  if ('resource' in rule) {
    if (!identity) throw clinicError(NotAuthenticated, 'not-authenticated')
    if (!hasPermission(identity.role.permissions, rule.resource, rule.flag)) {
      throw clinicError(Forbidden, 'forbidden', undefined, { resource: rule.resource, flag: rule.flag })
    }
  }
  if (declaration.module && identity && identity.company.modules[declaration.module] === false) {
    throw clinicError(Forbidden, 'service-not-enabled', undefined, { module: declaration.module })
  }
}

/**
 * Whether a signed-in caller may call `method` of `path`, without calling it: for another area's
 * write that reads that service's records itself (a booking reads its patient), so the caller
 * needs the same rights as for the call. Throws the guard's own refusal.
 */
export function assertMayCall(path: string, method: ServiceMethod, identity: Identity | undefined): void {
  const declaration = accessRegistry.get(path)
  const rule = declaration?.methods[method]
  if (!declaration || !rule) throw new MethodNotAllowed(`Method ${method} is not allowed on ${path}`, { code: 'invalid-request' })
  assertRule(declaration, rule, identity)
}

/**
 * An external update, once access() allowed it, runs as the service's patch (replace.ts), so
 * every rule of a patch applies to it. registerService puts this inside the call's transaction
 * and activity log: the replacement is logged once, as an update.
 */
export async function updateAsPatch(context: HookContext, next: NextFunction) {
  const schema = context.params.provider && context.method === 'update' ? accessRegistry.get(context.path)?.data?.update : undefined
  return schema ? replaceThroughPatch(context, schema) : next()
}

/**
 * The permission resource that guards a service's records: the resource of the first of
 * `methods` whose rule names one, or null when none does (a service open to every signed-in
 * person, or not registered).
 */
export function serviceResource(path: string, methods: readonly ServiceMethod[]): PermissionResource | null {
  const rules = accessRegistry.get(path)?.methods ?? {}
  for (const method of methods) {
    const rule = rules[method]
    if (rule && 'resource' in rule) return rule.resource
  }
  return null
}

/**
 * Whether an external `method` call on `path` by this person would pass access(): the method is
 * offered, the role holds its permission and the service's module is on. For a read made of
 * other services' reads (treatment-record): it leaves out what the person may not read.
 */
export function identityMayCall(identity: Identity, path: string, method: ServiceMethod): boolean {
  const declaration = accessRegistry.get(path)
  const rule = declaration?.methods[method]
  if (!declaration || !rule) return false
  if ('resource' in rule && !hasPermission(identity.role.permissions, rule.resource, rule.flag)) return false
  return !(declaration.module && identity.company.modules[declaration.module] === false)
}

/** True when the caller's role holds `flag` on `resource`; internal calls hold everything. */
export function callerMay(context: HookContext, resource: PermissionResource, flag: PermissionFlag): boolean {
  if (!context.params.provider) return true
  return hasPermission(context.params.identity?.role.permissions, resource, flag)
}
