import { useGet } from '../../api/live'

interface CustomerSettings {
  requireCustomerSource: boolean
  phoneProtection: boolean
}

/** The company switches the customer screens follow (spec sections 5 and 6). */
export function useCustomerSettings(): CustomerSettings {
  const company = useGet('my-company', 'mine')
  const settings = company.data?.settings
  return { requireCustomerSource: settings?.requireCustomerSource === true, phoneProtection: settings?.phoneProtection === true }
}
