import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { HookContext } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { clinicError } from '../../../errors'
import { normalizeCatalogueText } from '../../../../../domain/catalogue/search'
import type { MessageCode } from '../../../../../domain/messages'
import { archivedServiceIds } from '../service/service-rows'

/** One service line of a write, with the path its errors show at (`items.2.serviceId`). */
export interface ServiceLine {
  at: string
  serviceId: string
}

const companyOf = (context: HookContext): string | undefined =>
  context.params.identity?.user.companyId ?? (context.data as { companyId?: string } | undefined)?.companyId

/** The stored record a patch changes (in the call's transaction), or undefined on create or when it is not there. */
export async function storedRow(context: HookContext, table: string): Promise<Record<string, unknown> | undefined> {
  const companyId = companyOf(context)
  if (context.method === 'create' || context.id === undefined || context.id === null || !companyId) return undefined
  return (await dbOf(context.app, context.params)(table).where({ _id: String(context.id), companyId }).first()) as Record<string, unknown> | undefined
}

/**
 * A name is the company's only one of its kind regardless of case and spaces (the unique index
 * on searchName backs this up under concurrency, as a bare Conflict). Checked before the write
 * so the form gets the message at the name field.
 */
export function nameFree(table: string, code: MessageCode) {
  return async (context: HookContext) => {
    const name = (context.data as { name?: unknown } | undefined)?.name
    const companyId = companyOf(context)
    if (typeof name !== 'string' || !companyId) return
    const query = dbOf(context.app, context.params)(table).where({ companyId, searchName: normalizeCatalogueText(name) })
    if (context.id !== undefined && context.id !== null) query.whereNot('_id', String(context.id))
    if (await query.first('_id')) throw clinicError(Conflict, code, 'name')
  }
}

/**
 * The services added by a write are active catalogue services of the company (references
 * already refused another company's or an unknown one). A service the stored record already
 * holds is not judged again: archiving a service does not lock the bundles that use it.
 */
export async function checkServiceLines(db: Knex, companyId: string, lines: ServiceLine[], alreadyHeld: ReadonlySet<string>): Promise<void> {
  const added = lines.filter((line) => !alreadyHeld.has(line.serviceId))
  const archived = await archivedServiceIds(db, companyId, added.map((line) => line.serviceId))
  const first = added.find((line) => archived.has(line.serviceId))
  if (first) throw clinicError(BadRequest, 'choice-archived', first.at)
}

/** A service appears once in a list of lines: a second line of it is refused at its own path. */
export function refuseRepeatedServices(lines: ServiceLine[]): void {
  const seen = new Set<string>()
  for (const line of lines) {
    if (seen.has(line.serviceId)) throw clinicError(BadRequest, 'bundle-service-repeated', line.at)
    seen.add(line.serviceId)
  }
}

/** The service ids of a stored bundle's items or a template's phases (JSON text or parsed). */
export function parsedList<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[]
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value) as unknown
      return Array.isArray(parsed) ? (parsed as T[]) : []
    } catch {
      return []
    }
  }
  return []
}

/** Before create and patch of a bundle: its lines are distinct, active services. */
export async function checkBundleItems(context: HookContext) {
  const items = (context.data as { items?: unknown } | undefined)?.items
  const companyId = companyOf(context)
  if (!Array.isArray(items) || !companyId) return
  const lines = (items as Array<{ serviceId: string }>).map((item, index) => ({ at: `items.${index}.serviceId`, serviceId: item.serviceId }))
  refuseRepeatedServices(lines)
  const stored = await storedRow(context, 'bundles')
  const held = new Set(parsedList<{ serviceId: string }>(stored?.items).map((item) => item.serviceId))
  await checkServiceLines(dbOf(context.app, context.params), companyId, lines, held)
}
