import type { Paginated, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { HookContext } from '../../declarations'
import { dbOf } from '../../hooks/call-transaction'

/** A billing service whose answers are completed from other rows (lines, allocations, standing). */
interface Presenter {
  /** `params`: the read's, for a service whose answer follows what the read asked (invoices' `$select`). */
  present(db: Knex, rows: never[], params?: Params): Promise<unknown[]>
}

/** Find and get answer records completed like create and patch (one read for the whole page). */
export async function presentReads(context: HookContext) {
  const service = context.service as unknown as Presenter
  const db = dbOf(context.app, context.params)
  if (context.method === 'get') {
    context.result = (await service.present(db, [context.result as never], context.params))[0]
    return
  }
  const page = context.result as Paginated<unknown> | unknown[]
  if (Array.isArray(page)) context.result = await service.present(db, page as never[], context.params)
  else context.result = { ...page, data: await service.present(db, page.data as never[], context.params) }
}

/** A `$select` still reads the columns the answer's computed fields come from. */
export const selectAlso = (columns: readonly string[]) => (context: HookContext) => {
  const select = context.params.query?.$select as string[] | undefined
  if (select) context.params.query = { ...context.params.query, $select: [...new Set([...select, ...columns])] }
}
