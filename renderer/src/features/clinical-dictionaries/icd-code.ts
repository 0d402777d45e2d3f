import type { TFunction } from 'i18next'
import { ICD_CODE_PATTERN } from '../../../../server/src/services/clinical/diagnose-objectively/diagnose-objectively.shared'

const icdCode = new RegExp(ICD_CODE_PATTERN)

/** The server's reading of a typed code: trimmed and upper-cased ("k02.1 " is K02.1). */
export const normalIcdCode = (value: string) => value.trim().toUpperCase()
export const isIcdCode = (value: string) => icdCode.test(normalIcdCode(value))

/** A form rule: empty, or an ICD-10 code such as K02.1 (a list: each of its codes). */
export function icdCodeRule(t: TFunction) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const values = Array.isArray(value) ? value : [value]
      if (values.every((item) => typeof item !== 'string' || item.trim() === '' || isIcdCode(item))) return
      throw new Error(t('errors.icd-code-invalid'))
    }
  }
}
