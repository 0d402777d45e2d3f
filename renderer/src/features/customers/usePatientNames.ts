import { useFind } from '../../api/live'
import { customerName } from './customer-name'

/**
 * The patients of a page of rows (messages, calls), by id, in one read: a company-wide log names
 * each row's patient without one read per row.
 */
export function usePatientNames(rows: readonly { customerId?: string | null }[] | undefined, enabled = true): Map<string, string> {
  const ids = [...new Set((rows ?? []).map((row) => row.customerId).filter((id): id is string => Boolean(id)))]
  const found = useFind('customers', { _id: { $in: ids }, $limit: ids.length || 1 }, enabled && ids.length > 0)
  return new Map((found.data?.data ?? []).map((customer) => [customer._id, customerName(customer)]))
}
