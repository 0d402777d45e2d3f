import { useMemo } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { client } from '../../api/client'
import { useFind, useLive } from '../../api/live'
import { useCurrentBranch } from '../../api/branch'
import { useCan } from '../../api/permissions'

/**
 * The customers of a list in one call (`_id: { $in }`, BRIEF5: no N+1), kept live by the
 * customers events like every other customers find.
 */
export function useCustomersById(ids: string[]) {
  useLive('customers')
  const unique = useMemo(() => [...new Set(ids.filter(Boolean))].sort(), [ids])
  const query = useMemo(() => ({ _id: { $in: unique }, $limit: unique.length }), [unique])
  const found = useQuery({
    queryKey: ['customers', 'find', query],
    queryFn: () => client.service('customers').find({ query }),
    placeholderData: keepPreviousData,
    enabled: unique.length > 0
  })
  return useMemo(() => new Map((found.data?.data ?? []).map((customer) => [customer._id, customer])), [found.data])
}

/** Doctors of the current branch: its members who take appointments (the calendar's columns). */
export function useDoctors() {
  const branchId = useCurrentBranch()
  const team = useFind('my-team', { $limit: 500 })
  return useMemo(() => {
    const members = team.data?.data ?? []
    const names = new Map(members.map((member) => [member._id, `${member.first_name} ${member.last_name}`.trim()]))
    const doctors = members
      .filter((member) => member.acceptsAppointments && (!branchId || member.branchIds.includes(branchId)))
      .sort((a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name))
    return { doctors, names }
  }, [team.data, branchId])
}

/**
 * The catalogue's services: the picker offers the current ones, names cover archived ones an
 * older entry may still name. An unreachable catalogue simply offers none.
 */
export function useCatalogue() {
  const canView = useCan('service', 'view')
  const found = useFind('service', { $sort: { rank: 1, name: 1 }, $limit: 500 }, canView)
  return useMemo(() => {
    const all = found.data?.data ?? []
    return { items: all.filter((item) => !item.archived), names: new Map(all.map((item) => [item._id, item.name])) }
  }, [found.data])
}
