import { clientService } from '../../../client-service'
import type { IcdCode, IcdCodeData, IcdCodePatch, IcdCodeQuery, IcdService } from './icd.class'

export type { IcdCode, IcdCodeData, IcdCodePatch, IcdCodeQuery }

/**
 * `icd`: the ICD-10 codes (spec section 7). The dental block shipped with the program (read-only,
 * every company's: companyId null) and each company's own codes beside them, one tree by
 * `parentId`. Find by `parentId` (null for the chapters), by `code: { $regex: '^K02' }` (a code
 * prefix; without `^` a part of the code) or by `text` (words of any title, any language).
 */
export const icdPath = 'icd'
export const icdMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type IcdClientService = Pick<IcdService, (typeof icdMethods)[number]>

/** The coding systems the list can hold; only ICD-10 ships now (PRODUCT-NOTES ). */
export const icdSystems = ['ICD-10'] as const
/** A company's own code: letters, digits, dots and dashes, starting with a letter or digit. */
export const ICD_CODE_PATTERN = '^[A-Z0-9][A-Z0-9.\\-]{0,19}$'
export const MAX_ICD_CODE = 20
/** A code as a filter may name it (either case: codes are compared upper-cased). */
export const ICD_QUERY_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9.\\-]{0,19}$'

export const icdClient = clientService<IcdClientService>()(icdPath, icdMethods)
