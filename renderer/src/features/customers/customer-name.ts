interface Named {
  first_name?: string | null
  last_name?: string | null
  middle_name?: string | null
}

/** Last, first and middle name: how a front desk reads a patient list (and how it is sorted). */
export function customerName(customer: Named): string {
  return [customer.last_name, customer.first_name, customer.middle_name].filter((part) => part && part.trim()).join(' ')
}

/** The last name and initials ("Karimova L. R."): a patient on a narrow calendar card. */
export function customerShortName(customer: Named): string {
  const initials = [customer.first_name, customer.middle_name]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .map((part) => `${part[0].toUpperCase()}.`)
  return [customer.last_name?.trim(), initials.join(' ')].filter(Boolean).join(' ')
}
