import { useMemo } from 'react'
import { useFind } from '../api/live'
import { useCan } from '../api/permissions'
import type { TeamMemberPublic} from '../api/types'

type Person = Pick<TeamMemberPublic, '_id' | 'first_name' | 'last_name'>

/**
 * Names of the company's people by id, for "who did it" columns: the active team from `my-team`,
 * plus archived members when the person may see the team list (the one who deleted something
 * may have left since).
 */
export function usePeopleNames() {
  const team = useFind('my-team', { $limit: 500 })
  const canSeeUsers = useCan('users', 'view')
  const archived = useFind('users', { archived: true, $limit: 500 }, canSeeUsers)
  return useMemo(() => {
    const people: Person[] = [...(team.data?.data ?? []), ...(archived.data?.data ?? [])]
    const names = new Map(people.map((person) => [person._id, `${person.first_name} ${person.last_name}`.trim()]))
    return { names, team: team.data?.data ?? [] }
  }, [team.data, archived.data])
}
