import { BadRequest } from '@feathersjs/errors'
import { inCallTransaction } from '../../../hooks/call-transaction'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { customFieldsProblem } from '../../../../../domain/customers/custom-fields'
import { companyCustomFields } from './fields'

/**
 * For the customers service's create and patch (after its data validation): the record's
 * `customFields` must name fields of the company and hold values of their types
 * (domain/customers/custom-fields.ts). On a patch only the values that change are judged, so a
 * value left from a field or option removed since does not block an unrelated edit.
 */
export async function checkCustomFields(context: HookContext) {
  const data = context.data as { customFields?: unknown; companyId?: string } | undefined
  if (!data || data.customFields === undefined) return
  let companyId = context.params.identity?.user.companyId ?? data.companyId
  let changed = data.customFields
  if (context.method === 'patch' && context.id !== null && context.id !== undefined && isRecord(data.customFields)) {
    const stored = await storedCustomer(context)
    if (!stored) return // the patch itself answers NotFound
    companyId = stored.companyId
    const before = stored.customFields ?? {}
    changed = Object.fromEntries(Object.entries(data.customFields).filter(([fieldId, value]) => JSON.stringify(value) !== JSON.stringify(before[fieldId])))
  }
  if (!companyId) return
  const problem = customFieldsProblem(changed, await companyCustomFields(context.app, companyId, context.params))
  if (problem) throw clinicError(BadRequest, problem.code, problem.path)
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The customer being patched, within the same scope as the patch (company, branches). */
async function storedCustomer(context: HookContext): Promise<{ companyId: string; customFields: Record<string, unknown> } | undefined> {
  const { companyId, branchId } = (context.params.query ?? {}) as Record<string, unknown>
  const scope = { ...(companyId ? { companyId } : {}), ...(branchId ? { branchId } : {}) }
  const rows = (await context.app.service('customers')._find({ ...inCallTransaction(context.params), paginate: false, query: { ...scope, _id: String(context.id), $limit: 1 } as never })) as Array<{
    companyId: string
    customFields: Record<string, unknown>
  }>
  return rows[0]
}
