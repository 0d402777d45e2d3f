import { shippedComplaints, icdKeyOf } from '../../../../../domain/clinical/codes/complaints'
import { searchTextOf } from '../../../../../domain/clinical/codes/titles'
import { SHIPPED_AT, shippedId } from '../icd/shipped-icd-rows'

/** The rows of the shipped complaints as the `cdb` table stores them (no company: everyone's). */
export function shippedCdbRows() {
  return shippedComplaints.map((entry, index) => ({
    _id: shippedId(`cdb:${entry.key}`),
    companyId: null,
    key: entry.key,
    rank: (index + 1) * 10,
    titles: JSON.stringify(entry.titles),
    icdCodes: JSON.stringify(entry.icdCodes),
    icdKey: icdKeyOf(entry.icdCodes),
    search: searchTextOf('', entry.titles),
    createdAt: SHIPPED_AT,
    updatedAt: SHIPPED_AT,
    createdBy: null
  }))
}
