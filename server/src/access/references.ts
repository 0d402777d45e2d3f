import { BadRequest, Forbidden } from '@feathersjs/errors'
import { dbOf } from '../hooks/call-transaction'
import type { TSchema } from '@feathersjs/typebox'
import type { Knex } from 'knex'
import { listValues, statementTemplate } from '../statement-template'
import type { HookContext } from '../declarations'
import type { Identity } from './identity'
import { clinicError } from '../errors'
import { referenceFields, valuesAt, type Reference, type ReferenceField } from '../schema/references'
import { RecordService } from '../services/record.class'
import { RowCodec } from '../services/row-codec'
import { roleRowShape } from '../services/identity/roles/roles.class'
import { grantsWithin } from '../../../domain/access/grants'
import type { Permission } from '../../../domain/access/resources'

/** More ids than any form sends in one call: refused before anything is read. */
const MAX_REFERENCES = 1000
const roleCodec = new RowCodec(roleRowShape)
const fieldsBySchema = new WeakMap<TSchema, ReferenceField[]>()

/** The reference fields of a data schema, found once per schema. */
export function declaredReferences(schema: TSchema): ReferenceField[] {
  let fields = fieldsBySchema.get(schema)
  if (!fields) fieldsBySchema.set(schema, (fields = referenceFields(schema)))
  return fields
}

interface Named {
  at: string
  id: string
  reference: Reference
}

/**
 * Every id that an external create, update or patch names in a reference field of its data
 * schema (schema/references.ts) must be a record of the caller's company, of one of their
 * branches where the field says so, and a role must grant nothing the caller lacks. Runs on the
 * raw data, before the service's own hooks: a value that is not a string is left to validation.
 * One statement reads every referenced record of the call.
 */
export async function checkReferences(context: HookContext, schema: TSchema | undefined): Promise<void> {
  const identity = context.params.identity
  const data = context.data
  if (!schema || !identity || data === null || typeof data !== 'object') return
  const named: Named[] = []
  for (const { path, reference } of declaredReferences(schema)) {
    for (const { at, value } of valuesAt(data, path)) if (typeof value === 'string') named.push({ at, id: value, reference })
  }
  if (named.length > MAX_REFERENCES) throw clinicError(BadRequest, 'invalid-request')
  const changed = await withoutUnchanged(context, identity, named)
  if (changed.length === 0) return
  const found = await readReferenced(context, identity, changed)
  for (const item of changed) {
    const row = found.get(`${item.reference.service}:${item.id}`)
    const isBranch = item.reference.service === 'branches'
    if (!row) throw clinicError(BadRequest, isBranch ? 'branch-not-allowed' : 'invalid-reference', item.at)
    // A branch named anywhere must be one the caller works in, as branchCheck asks of a record's own.
    const branchId = isBranch ? row._id : row.branchId
    if ((isBranch || item.reference.branch) && !identity.branchIds.includes(String(branchId))) {
      throw clinicError(BadRequest, isBranch ? 'branch-not-allowed' : 'invalid-reference', item.at)
    }
    if (item.reference.service === 'roles') assertStoredGrantWithin(row, identity, item.at)
  }
}

/** A role given to someone must grant nothing the caller does not hold (issue 11, item 2). */
export function assertGrantWithin(granted: Permission[], identity: Identity, at?: string): void {
  if (!grantsWithin(granted, identity.role.permissions)) throw clinicError(Forbidden, 'role-beyond-own', at)
}

/** The same, for a role's `permissions` column as the database stores it. */
export function assertStoredGrantWithin(row: Record<string, unknown>, identity: Identity, at?: string): void {
  assertGrantWithin(roleCodec.fromDb<{ permissions: Permission[] }>(row).permissions, identity, at)
}

type Row = Record<string, unknown>

/**
 * On patch and update, an id the record already holds in that field is no new reference: a form
 * saved whole sends a colleague's role, branches or services back unchanged, and what was given
 * once (by someone allowed to) is not given again.
 */
async function withoutUnchanged(context: HookContext, identity: Identity, named: Named[]): Promise<Named[]> {
  if (named.length === 0 || (context.method !== 'patch' && context.method !== 'update') || typeof context.id !== 'string') return named
  if (!(context.service instanceof RecordService)) return named
  // The whole row (one, by key): a data field need not be a column (appointment's waitingListId).
  const stored = (await dbOf(context.app, context.params)(context.service.table).where({ _id: context.id, companyId: identity.user.companyId }).first()) as Row | undefined
  if (!stored) return named
  // Ids are UUIDs: found in the stored value's text (a scalar, or a JSON list or object), they are held.
  const held = (item: Named) => JSON.stringify(stored[item.at.split('.')[0]] ?? null).includes(item.id)
  return named.filter((item) => !held(item))
}

interface ReferenceArm {
  table: string
  service: string
  /** How many ids it names. */
  count: number
  branch: boolean
}

/**
 * The statement that reads them: an arm per service, assembled once per shape (the tables, how
 * many ids each names), as every create and patch with a reference runs it before anything else.
 */
const referencedRows = statementTemplate<string, ReferenceArm[]>(
  (arms) => arms.map((arm) => `${arm.table}:${arm.count}:${arm.branch}`).join('|'),
  (db, slot, arms) => {
    const selects = arms.map(({ table, service, count, branch }, at) => {
      const columns: Array<string | Knex.Raw> = [db.raw('cast(? as varchar(64)) as ref_service', [service]), '_id']
      columns.push(branch ? 'branchId' : db.raw('null as ??', ['branchId']))
      columns.push(service === 'roles' ? 'permissions' : db.raw('null as ??', ['permissions']))
      const ids = Array.from({ length: count }, (_, index) => slot(`ids${at}`, index))
      return db(table).select(columns).where('companyId', slot('companyId')).whereIn('_id', ids)
    })
    const [first, ...rest] = selects
    return rest.length > 0 ? first.unionAll(rest) : first
  }
)

/** The referenced rows of the caller's company, keyed `service:id`, in one UNION ALL statement. */
async function readReferenced(context: HookContext, identity: Identity, named: Named[]): Promise<Map<string, Row>> {
  const byService = new Map<string, { ids: Set<string>; branch: boolean }>()
  for (const { reference, id } of named) {
    const entry = byService.get(reference.service) ?? { ids: new Set<string>(), branch: false }
    entry.ids.add(id)
    entry.branch ||= Boolean(reference.branch)
    byService.set(reference.service, entry)
  }
  const services = [...byService]
  const arms = services.map(([service, { ids, branch }]) => ({ table: tableOf(context, service), service, count: ids.size, branch }))
  const values: Record<string, unknown> = { companyId: identity.user.companyId }
  services.forEach(([, { ids }], at) => Object.assign(values, listValues(`ids${at}`, [...ids])))
  const rows = await referencedRows<Row>(dbOf(context.app, context.params), arms, values)
  return new Map(rows.map((row) => [`${row.ref_service}:${row._id}`, row]))
}

function tableOf(context: HookContext, service: string): string {
  const target = (context.app.services as unknown as Record<string, unknown>)[service]
  if (!(target instanceof RecordService)) throw new Error(`A reference names ${service}, which is not a record service`)
  return target.table
}
