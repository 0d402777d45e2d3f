import { useMemo } from 'react'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'

/** Team members' names by user id, to say who wrote a note. */
export function useTeamNames() {
  const canView = useCan('my-team', 'view')
  const team = useFind('my-team', { $limit: 500 }, canView)
  return useMemo(() => new Map((team.data?.data ?? []).map((member) => [member._id, `${member.first_name} ${member.last_name}`.trim()])), [team.data])
}
