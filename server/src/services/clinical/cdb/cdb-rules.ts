import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { dbOf } from '../../../hooks/call-transaction'
import { icdKeyOf } from '../../../../../domain/clinical/codes/complaints'
import { searchTextOf, type Titles } from '../../../../../domain/clinical/codes/titles'
import { cleanTitles, normalCode, trimTitles, visibleCodes } from '../icd/icd-rules'

/** Titles trimmed, codes upper-cased and trimmed, duplicates dropped, before validation. */
export function normaliseComplaintData(context: HookContext) {
  const data = context.data as Record<string, unknown> | undefined
  if (!data || typeof data !== 'object' || Array.isArray(data)) return
  const next = { ...data }
  trimTitles(next)
  if (Array.isArray(next.icdCodes)) next.icdCodes = [...new Set(next.icdCodes.map((code) => (typeof code === 'string' ? normalCode(code) : code)))]
  context.data = next
}

/**
 * After validation: a title in some language; every ICD code one the company can see (shipped
 * or its own ICD-10 codes). Writes the hidden columns `search` and `icdKey`.
 */
export async function prepareComplaintWrite(context: HookContext) {
  const identity = context.params.identity
  if (!identity) return
  const data = { ...(context.data as Record<string, unknown>) }
  if (context.method === 'create' || 'titles' in data) {
    const titles = cleanTitles(data.titles as Titles)
    if (!titles) throw clinicError(BadRequest, 'title-required', 'titles')
    data.titles = titles
    data.search = searchTextOf('', titles)
  }
  if (Array.isArray(data.icdCodes)) {
    const codes = data.icdCodes as string[]
    if (codes.length > 0) {
      const found = (await visibleCodes(dbOf(context.app, context.params), identity.user.companyId, 'ICD-10').whereIn('code', codes).select('code')) as Array<{ code: string }>
      const known = new Set(found.map((row) => row.code))
      const unknown = codes.findIndex((code) => !known.has(code))
      if (unknown >= 0) throw clinicError(BadRequest, 'icd-code-unknown', `icdCodes.${unknown}`)
    }
    data.icdKey = icdKeyOf(codes)
  }
  context.data = data
}
