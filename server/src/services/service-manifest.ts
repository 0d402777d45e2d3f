/* eslint-disable @typescript-eslint/no-explicit-any */
import type { HookMap } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Channel } from '@feathersjs/transport-commons'
import type { Application, HookContext } from '../declarations'
import type { AccessDeclaration } from '../access/access'
import type { ActivityPolicy } from '../hooks/activity-log'

/** Rows of `table` that belong to a record through `column` (holding the record's id). */
export interface DependentRows {
  table: string
  column: string
}

/**
 * Everything the server does around a service's calls, declared once in the service's own
 * `<name>.ts` and handed to `registerService`. The app-wide parts (the activity log, the trash,
 * phone protection, the event relay between instances) read it through `manifestOf(path)`;
 * none keeps a list of service paths of its own.
 */
export interface ServiceManifest {
  /** The methods offered (the service's `.shared.ts` list, which the client uses too). */
  methods: readonly string[]
  /**
   * The tables this service owns: it is the only service that writes them and defines their
   * reads. A service of another area that needs their rows calls the functions this service's
   * folder exports (given the caller's transaction) or the service itself, and never names the
   * table in SQL (tests/server/access/table-owners.test.ts). Empty for a service over other
   * services' tables.
   */
  tables?: readonly string[]
  /** Custom events besides created/updated/patched/removed. */
  events?: readonly string[]
  /** Who may call each method, its data schemas and module (access.ts). */
  access: AccessDeclaration
  /**
   * Rows of other tables that go with a record deleted from the trash for good. While the record
   * is in the trash they stay (no database foreign key holds them), so a restore finds them
   * again. Rows a foreign key deletes with ON DELETE CASCADE need no line.
   */
  trashDependents?: readonly DependentRows[]
  /**
   * Rows of this service's own tables that belong to a customer (`column` holds the customer's
   * id): merging two records of one person moves them to the kept record, in the merge's
   * transaction (customers-merge). Every table with a customer column declares it here or is
   * named, with its reason, in tests/server/services/customers/customers-merge/customer-rows.test.ts.
   */
  customerRows?: readonly DependentRows[]
  /**
   * Runs after one of this service's records was deleted from the trash for good and that has
   * committed (media removes the file's bytes there). A failure is logged, not thrown.
   */
  afterPurge?: (app: Application, item: { companyId: string; recordId: string; record: Record<string, unknown> }) => Promise<void>
  /**
   * For rows a merge cannot simply move (one per customer, as a health card): combines the merged
   * customer's rows into the kept one's in the merge's transaction, before `customerRows` move.
   */
  mergeCustomer?: (trx: Knex.Transaction, merge: { fromId: string; toId: string; companyId: string }) => Promise<void>
  /** How the activity log records this service's writes, when not the default. */
  activity?: ActivityPolicy
  /**
   * Fields holding a customer's phone, which phone protection (spec section 6) hides from those
   * without `customer-phone: seeAll`. The service hides them in its own answers; the trash and
   * the activity log hide them in their copies of its records by this list.
   */
  protectedPhones?: readonly string[]
  /**
   * false: an external write runs in transactions of the service's own making rather than one
   * for the whole call (auth-management, so that no write lock is held while argon2 hashes).
   */
  transaction?: false
  /**
   * Work of a method that must not hold the write lock (rendering a PDF): it runs after the
   * access check and before the call's transaction opens, and leaves its result in the call's
   * params for the method. It validates what it reads itself (the schema hooks run later).
   */
  prepare?: Partial<Record<'create' | 'patch', (context: HookContext) => Promise<void>>>
  /** The service's hooks; `access` is put first of all around-hooks. */
  hooks?: HookMap<Application, any>
  /**
   * Who hears the service's events; none means the app's default (channels.ts). Of the call's
   * params a publisher reads the caller's identity and company, and what the call told it in
   * publish notes (publish-notes.ts), which travel with the event to the other instances.
   */
  publish?: (data: any, context: HookContext) => Channel | Channel[] | void | Promise<Channel | Channel[] | void>
}

/** Filled by registerService (register-service.ts); a leaf module, so anything may read it. */
export const manifests = new Map<string, ServiceManifest>()

/** A registered service's declaration; undefined for a path nobody registered. */
export function manifestOf(path: string): ServiceManifest | undefined {
  return manifests.get(path)
}

/** Every registered path with its declaration (for rule tests over every service). */
export function registeredManifests(): ReadonlyMap<string, ServiceManifest> {
  return manifests
}
