import { v5 as uuidv5 } from 'uuid'
import { shippedIcdCodes } from '../../../../../domain/clinical/codes/icd10-dental'
import { searchTextOf } from '../../../../../domain/clinical/codes/titles'

/**
 * The namespace of shipped entries' ids: an id is derived from what the entry is (`ICD-10:K02.1`,
 * `cdb:bite-pain`), so every installation gives a shipped code the same id and a later release
 * can update it in place.
 */
export const SHIPPED_NAMESPACE = '5b0c3f4e-6a1d-4c55-9f57-0d6c1e2b7a10'
export const shippedId = (name: string) => uuidv5(name, SHIPPED_NAMESPACE)

/** The time stamped on shipped rows: the release that first shipped them. */
export const SHIPPED_AT = '2026-11-25T10:00:00.000Z'

/** The rows of the shipped codes as the `icd` table stores them (no company: everyone's). */
export function shippedIcdRows() {
  return shippedIcdCodes.map((entry) => ({
    _id: shippedId(`${entry.system}:${entry.code}`),
    companyId: null,
    system: entry.system,
    code: entry.code,
    kind: entry.kind,
    parentId: entry.parentCode ? shippedId(`${entry.system}:${entry.parentCode}`) : null,
    titles: JSON.stringify(entry.titles),
    search: searchTextOf(entry.code, entry.titles),
    createdAt: SHIPPED_AT,
    updatedAt: SHIPPED_AT,
    createdBy: null
  }))
}
