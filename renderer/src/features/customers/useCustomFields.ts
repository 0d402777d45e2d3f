import { useFind } from '../../api/live'

/** The company's custom fields for customers (live), in their order; none when unavailable. */
export function useCustomFields() {
  const fields = useFind('fields', { $limit: 200, $sort: { rank: 1, _id: 1 } })
  return { fields: fields.data?.data ?? [], loading: fields.isLoading }
}
