import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { dbOf } from '../../../hooks/call-transaction'
import { icdKindOf } from '../../../../../domain/clinical/codes/icd10-dental'
import { searchTextOf, titleLanguages, type Titles } from '../../../../../domain/clinical/codes/titles'
import { ICD_TABLE } from './icd.class'

type Row = { _id: string; companyId: string | null; code: string; parentId: string | null; system: string; titles: string | Titles }

/** Titles trimmed, the empty ones dropped; null when none is left (a title is required). */
export function cleanTitles(titles: Titles | undefined): Titles | null {
  const clean: Titles = {}
  for (const language of titleLanguages) {
    const title = titles?.[language]?.trim()
    if (title) clean[language] = title
  }
  return Object.keys(clean).length > 0 ? clean : null
}

/** Codes are compared and stored upper-case and trimmed (k02.1 is K02.1). */
export const normalCode = (code: string) => code.trim().toUpperCase()

/** Codes the company can see (its own and the shipped ones) of one system, by code. */
export function visibleCodes(db: Knex, companyId: string, system: string) {
  return db(ICD_TABLE).where({ system }).where((scope) => scope.where('companyId', companyId).orWhereNull('companyId'))
}

/** The entry's ancestors' ids, nearest first (bounded: a tree is a few levels deep). */
async function ancestorsOf(db: Knex, parentId: string | null): Promise<string[]> {
  const found: string[] = []
  let current = parentId
  while (current && found.length < 20) {
    found.push(current)
    const row = (await db(ICD_TABLE).where({ _id: current }).first('parentId')) as { parentId: string | null } | undefined
    current = row?.parentId ?? null
  }
  return found
}

/** Titles trimmed and blank ones dropped before validation (a form sends '' for a language left empty). */
export function trimTitles(data: Record<string, unknown>) {
  const titles = data.titles
  if (!titles || typeof titles !== 'object' || Array.isArray(titles)) return
  data.titles = Object.fromEntries(
    Object.entries(titles as Record<string, unknown>)
      .map(([language, title]) => [language, typeof title === 'string' ? title.trim() : title])
      .filter(([, title]) => title !== '')
  )
}

/** Trims and upper-cases the code before validation, so " k02.10 " is read as K02.10. */
export function normaliseIcdData(context: HookContext) {
  const data = context.data as Record<string, unknown> | undefined
  if (!data || typeof data !== 'object' || Array.isArray(data)) return
  const next = { ...data }
  trimTitles(next)
  if (typeof next.code === 'string') next.code = normalCode(next.code)
  if (typeof next.parentCode === 'string') next.parentCode = next.parentCode.trim() === '' ? null : normalCode(next.parentCode)
  context.data = next
}

/**
 * After validation, for an external create or patch of an own code: a title in some language,
 * a code not yet in the list (shipped or own, same system), a parent found by its code and not
 * the entry itself or below it. Writes the stored columns: parentId, kind, search.
 */
export async function prepareIcdWrite(context: HookContext) {
  const identity = context.params.identity
  if (!identity) return
  const db = dbOf(context.app, context.params)
  const companyId = identity.user.companyId
  const data = { ...(context.data as Record<string, unknown>) }
  const existing = context.method === 'patch' ? ((await db(ICD_TABLE).where({ _id: String(context.id), companyId }).first()) as Row | undefined) : undefined
  // Not the company's (another company's, or gone): "not found", as the company filter says.
  if (context.method === 'patch' && !existing) throw clinicError(NotFound, 'not-found')
  const system = (data.system as string | undefined) ?? existing?.system ?? 'ICD-10'
  const code = (data.code as string | undefined) ?? existing!.code
  const storedTitles = existing ? (typeof existing.titles === 'string' ? (JSON.parse(existing.titles) as Titles) : existing.titles) : undefined
  const titles = 'titles' in data ? cleanTitles(data.titles as Titles) : storedTitles
  if (!titles) throw clinicError(BadRequest, 'title-required', 'titles')
  if (!icdKindOf(code) && !/^[A-Z0-9][A-Z0-9.-]*$/.test(code)) throw clinicError(BadRequest, 'code-invalid', 'code')
  if (code !== existing?.code) {
    const taken = await visibleCodes(db, companyId, system).where({ code }).first('_id')
    if (taken) throw clinicError(Conflict, 'code-taken', 'code')
  }
  let parentId = existing?.parentId ?? null
  if ('parentCode' in data) {
    parentId = null
    if (data.parentCode) {
      const parent = (await visibleCodes(db, companyId, system).where({ code: data.parentCode as string }).first('_id')) as { _id: string } | undefined
      if (!parent) throw clinicError(BadRequest, 'parent-not-found', 'parentCode')
      if (existing && (await ancestorsOf(db, parent._id)).includes(existing._id)) throw clinicError(BadRequest, 'parent-cycle', 'parentCode')
      parentId = parent._id
    }
  }
  delete data.parentCode
  context.data = { ...data, system, code, titles, parentId, kind: icdKindOf(code) ?? 'subcategory', search: searchTextOf(code, titles) }
}

/** An own code with codes under it stays until they are removed or moved (no orphans). */
export async function refuseRemovingParent(context: HookContext) {
  if (!context.params.provider || typeof context.id !== 'string') return
  const child = await dbOf(context.app, context.params)(ICD_TABLE).where({ parentId: context.id }).first('_id')
  if (child) throw clinicError(Conflict, 'has-children')
}
