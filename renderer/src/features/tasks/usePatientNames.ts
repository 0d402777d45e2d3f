import { useFind } from '../../api/live'
import { customerName } from '../customers/customer-name'
import type { Task } from './task-form'

/** The names of the tasks' patients (those the caller sees: the tasks' own rule), by id. */
export function usePatientNames(tasks: readonly Task[] | undefined) {
  const ids = [...new Set((tasks ?? []).map((task) => task.customerId).filter((id): id is string => Boolean(id)))]
  const found = useFind('customers', { _id: { $in: ids }, $limit: ids.length || 1 }, ids.length > 0)
  return new Map((found.data?.data ?? []).map((customer) => [customer._id, customerName(customer)]))
}
