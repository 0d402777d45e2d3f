interface Named {
  first_name?: string | null
  last_name?: string | null
  middle_name?: string | null
}

/** Last, first and middle name: how a front desk reads a patient list (and how it is sorted). */
export function customerName(customer: Named): string {
  return [customer.last_name, customer.first_name, customer.middle_name].filter((part) => part && part.trim()).join(' ')
}
