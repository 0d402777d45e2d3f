import { BadRequest } from '@feathersjs/errors'
import { Type } from '@feathersjs/typebox'
import type { HookContext } from '../../declarations'
import { clinicError } from '../../errors'
import { ICD_CODE_PATTERN } from './diagnose-objectively/diagnose-objectively.shared'

/** ICD-10 codes in the dictionaries (the pattern is in a shared file so the screens check it too). */
export { ICD_CODE_PATTERN }
const icdCode = new RegExp(ICD_CODE_PATTERN)
export const IcdCodeSchema = Type.String({ pattern: ICD_CODE_PATTERN, maxLength: 6 })

/**
 * Before validation: the named fields' codes (a code, or a list of codes) are trimmed and
 * upper-cased ("k02.1 " is K02.1), and one that is still not a code is refused with its own
 * message rather than a pattern error. Values of another type are left to the schema.
 */
export function normalizeIcdCodes(...fields: string[]) {
  return (context: HookContext) => {
    const data = context.data as Record<string, unknown> | undefined
    if (!data || typeof data !== 'object' || Array.isArray(data)) return
    const next = { ...data }
    const normal = (value: unknown, path: string) => {
      if (typeof value !== 'string') return value
      const code = value.trim().toUpperCase()
      if (!icdCode.test(code)) throw clinicError(BadRequest, 'icd-code-invalid', path)
      return code
    }
    for (const field of fields) {
      const value = next[field]
      if (Array.isArray(value)) next[field] = value.map((item, index) => normal(item, `${field}.${index}`))
      else if (value !== null && value !== undefined) next[field] = normal(value, field)
    }
    context.data = next
  }
}
