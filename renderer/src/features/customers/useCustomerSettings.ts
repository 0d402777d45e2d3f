import { useGet } from '../../api/live'
import type { MyCompany } from '../../api/types'

interface CustomerSettings {
  requireCustomerSource: boolean
  phoneProtection: boolean
}

/** The company switches the customer screens follow (spec sections 5 and 6). */
export function useCustomerSettings(): CustomerSettings {
  const company = useGet<MyCompany & { settings?: Partial<CustomerSettings> }>('my-company', 'mine')
  const settings = company.data?.settings
  return { requireCustomerSource: settings?.requireCustomerSource === true, phoneProtection: settings?.phoneProtection === true }
}
