import { useMemo } from 'react'
import { useFind } from '../../api/live'
import { useCurrentBranch } from '../../api/branch'
import { useCan } from '../../api/permissions'
import type { TeamMemberPublic } from '../../api/types'

export const doctorName = (member: Pick<TeamMemberPublic, 'first_name' | 'last_name'>) => `${member.last_name} ${member.first_name}`.trim()

/** Doctors of the current branch who take appointments: the calendar's columns. */
export function useDoctors() {
  const branchId = useCurrentBranch()
  const query = useMemo(() => ({ ...(branchId ? { branchId } : {}), acceptsAppointments: true, $limit: 500, $sort: { last_name: 1, first_name: 1 } }), [branchId])
  const team = useFind('my-team', query)
  return useMemo(() => ({ doctors: team.data?.data ?? [], loading: team.isLoading }), [team.data, team.isLoading])
}

/** Every colleague by id (a past appointment's doctor may no longer take appointments). */
export function useStaffNames() {
  const team = useFind('my-team', { $limit: 500 })
  return useMemo(() => new Map((team.data?.data ?? []).map((member) => [member._id, member])), [team.data])
}

/** Active chairs and rooms of the current branch, in their order. */
export function useWorkPlaces() {
  const branchId = useCurrentBranch()
  const canView = useCan('work-place', 'view')
  const query = useMemo(() => ({ ...(branchId ? { branchId } : {}), active: true, $limit: 500, $sort: { rank: 1, name: 1 } }), [branchId])
  const places = useFind('work-place', query, canView)
  return useMemo(() => ({ workPlaces: places.data?.data ?? [], loading: places.isLoading }), [places.data, places.isLoading])
}

/** The services catalogue offered in the booking form (archived ones are not offered). */
const catalogueQuery = { archived: false, $limit: 500, $sort: { rank: 1, name: 1 } }

export function useServiceCatalogue() {
  const canView = useCan('service', 'view')
  const found = useFind('service', catalogueQuery, canView)
  return useMemo(() => found.data?.data ?? [], [found.data])
}

/** Whether the catalogue above has arrived (the same query, so the same cached answer). */
export function useServiceCatalogueLoaded(): boolean {
  const canView = useCan('service', 'view')
  return useFind('service', catalogueQuery, canView).data !== undefined || !canView
}
