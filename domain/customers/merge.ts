/**
 * What a merge does to the kept customer's fields (spec: history, notes, balance and debts
 * move to the kept record). Pure, so the rule is read and tested in one place.
 */

/**
 * Fields of the kept customer that are filled from the merged one when they are empty ('' or
 * null): what the front desk knows about the person is not lost. Names, branch, colour,
 * consents, notification channels and discount stay the kept record's.
 */
export const mergeFillFields = [
  'middle_name', 'gender', 'birthdate', 'phone', 'email', 'address', 'passportNumber', 'passportIssuer',
  'profession', 'sourceId', 'serviceLanguage', 'telegramAccount'
] as const

export interface MergeableCustomer {
  balance: number
  debt: number
  tagIds: string[]
  blacklisted: boolean
  customFields: Record<string, unknown>
  [field: string]: unknown
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === ''

/**
 * The changes to the kept customer: balance and debt add up; tags are the union (the kept
 * ones first); empty fill fields and custom fields take the merged record's value; a customer
 * blacklisted on either record stays blacklisted.
 */
export function mergedCustomerChanges(kept: MergeableCustomer, merged: MergeableCustomer): Record<string, unknown> {
  const changes: Record<string, unknown> = {
    balance: kept.balance + merged.balance,
    debt: kept.debt + merged.debt,
    tagIds: [...new Set([...kept.tagIds, ...merged.tagIds])],
    blacklisted: kept.blacklisted || merged.blacklisted
  }
  for (const field of mergeFillFields) {
    if (isEmpty(kept[field]) && !isEmpty(merged[field])) changes[field] = merged[field]
  }
  const customFields = { ...kept.customFields }
  for (const [fieldId, value] of Object.entries(merged.customFields)) {
    if (isEmpty(customFields[fieldId]) && !isEmpty(value)) customFields[fieldId] = value
  }
  changes.customFields = customFields
  return changes
}

/** What the merged customer becomes: an archived pointer to the kept one, with nothing owed. */
export function mergedAwayChanges(keepId: string): Record<string, unknown> {
  return { archived: true, mergedInto: keepId, balance: 0, debt: 0 }
}
