import type { RealTimeConnection } from '@feathersjs/feathers'
import type { AuthenticationResult } from '@feathersjs/authentication'
import type { Application } from './declarations'
import type { Identity } from './access/identity'
import type { Viewer } from './access/record-scope'
import { seesWholeCompany } from './access/identity'
import { attachSession, detachSession } from './access/session-connections'
import { hasPermission } from '../../domain/access/check'
import type { Permission, PermissionFlag, PermissionResource } from '../../domain/access/resources'

/** Channel names. Nothing is ever published to "everyone": only to these. */
export const companyChannel = (companyId: string) => `company/${companyId}`
/** Connections of people who see every branch of the company (no per-branch list to keep). */
export const allBranchesChannel = (companyId: string) => `company/${companyId}/branches`
export const branchChannel = (branchId: string) => `branch/${branchId}`
export const userChannel = (userId: string) => `user/${userId}`
/** Connections allowed to read the team's full records (e-mail, pay terms): `users` view. */
export const teamManagersChannel = (companyId: string) => `company/${companyId}/users`

/**
 * Who each signed-in connection is, as of its sign-in (like its channels): the role's
 * permissions, the person and the branches they work in, for publishers that send a record
 * only to, or differently to, some connections (the trash, customers' protected phones).
 */
const peopleOf = new WeakMap<RealTimeConnection, { userId: string; branchIds: string[]; permissions: Permission[] }>()

/**
 * The connection as a viewer of records (record-scope.ts), with its company's `settings` as of
 * now (the publisher reads them per event); null for a connection that is not signed in.
 */
export function connectionViewer(connection: RealTimeConnection, settings: Record<string, unknown>): Viewer | null {
  const person = peopleOf.get(connection)
  return person ? { ...person, settings } : null
}

export const connectionPermissions = (connection: RealTimeConnection): Permission[] => peopleOf.get(connection)?.permissions ?? []

export function connectionMay(connection: RealTimeConnection, resource: PermissionResource, flag: PermissionFlag): boolean {
  return hasPermission(peopleOf.get(connection)?.permissions, resource, flag)
}

/**
 * Joins each signed-in connection to its company, its branches and its own user channel. Every
 * service declares in its own file which of these its events go to (see the publishers below).
 */
export function channels(app: Application) {
  app.on('login', (result: AuthenticationResult, { connection }: { connection?: RealTimeConnection }) => {
    const identity = result.identity as Identity | undefined
    if (!connection || !identity) return
    if (app.channels.length > 0) app.channel(app.channels).leave(connection)
    app.channel(companyChannel(identity.user.companyId)).join(connection)
    app.channel(userChannel(identity.user._id)).join(connection)
    if (hasPermission(identity.role.permissions, 'users', 'view')) app.channel(teamManagersChannel(identity.user.companyId)).join(connection)
    if (seesWholeCompany(identity.role.permissions)) app.channel(allBranchesChannel(identity.user.companyId)).join(connection)
    else for (const branchId of identity.branchIds) app.channel(branchChannel(branchId)).join(connection)
    peopleOf.set(connection, { userId: identity.user._id, branchIds: identity.branchIds, permissions: identity.role.permissions })
    attachSession(connection, identity.session._id)
  })

  app.on('logout', (_result: unknown, { connection }: { connection?: RealTimeConnection }) => {
    if (!connection) return
    if (app.channels.length > 0) app.channel(app.channels).leave(connection)
    peopleOf.delete(connection)
    detachSession(connection)
  })

  app.on('disconnect', (connection: RealTimeConnection) => detachSession(connection))
}

type Item = Record<string, unknown>

/*
 * Publishers take the app rather than reading it from the hook context: events emitted by the
 * server itself (a bulk session end, say) have no context.
 */

/**
 * Services whose events go to no one (their records are credentials): with several instances
 * their events do not even travel between them (instances.ts keeps them on their instance).
 */
const unpublished = new WeakSet<object>()

export const publishesToNoOne = (service: object) => unpublished.has(service)

/** Marks `service`'s events as going to no one. */
export function publishToNoOne(service: { publish: (publisher: () => undefined) => unknown }) {
  unpublished.add(service)
  service.publish(() => undefined)
}

/** Events of company-wide records (roles, team, branches) go to everyone of that company. */
export const publishToCompany = (app: Application) => (data: unknown) => app.channel(companyChannel(String((data as Item).companyId)))

/** Events of a person's own records (sessions) go only to that person. */
export const publishToUser =
  (app: Application, field = 'userId') =>
  (data: unknown) =>
    app.channel(userChannel(String((data as Item)[field])))

/** Events of company-wide records that only people who may view `resource` hear about (the catalogue). */
export const publishToCompanyWhoMay = (app: Application, resource: PermissionResource) => (data: unknown) =>
  app.channel(companyChannel(String((data as Item).companyId))).filter((connection: RealTimeConnection) => connectionMay(connection, resource, 'view'))

/**
 * Events of per-branch records (work places): the record's branch and everyone who sees every
 * branch, among those who may view `resource`.
 */
export const publishToBranchWhoMay = (app: Application, resource: PermissionResource) => (data: unknown) => {
  const record = data as Item
  return app
    .channel([allBranchesChannel(String(record.companyId)), branchChannel(String(record.branchId))])
    .filter((connection: RealTimeConnection) => connectionMay(connection, resource, 'view'))
}
