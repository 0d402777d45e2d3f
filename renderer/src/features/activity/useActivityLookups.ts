import { useMemo } from 'react'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { usePeopleNames } from '../../components/usePeopleNames'
import type { Lookups } from './activity-values'

type Named = { _id: string; name: string }
const names = (rows: Named[] | undefined) => new Map((rows ?? []).map((row) => [row._id, row.name]))

/** The names the log shows instead of ids: people, tags, sources, custom fields, branches, roles, specialties. */
export function useActivityLookups(): Lookups & { team: ReturnType<typeof usePeopleNames>['team'] } {
  const people = usePeopleNames()
  const all = { $limit: 500 }
  const tags = useFind('tags', all)
  const sources = useFind('sources', all)
  const fields = useFind('fields', all)
  const branches = useFind('branches', all)
  const specialty = useFind('specialty', all)
  const roles = useFind('roles', all, useCan('roles', 'view'))
  return useMemo(
    () => ({
      people: people.names,
      team: people.team,
      tags: names(tags.data?.data),
      sources: names(sources.data?.data),
      fields: names(fields.data?.data),
      branches: names(branches.data?.data),
      roles: names(roles.data?.data),
      specialty: names(specialty.data?.data)
    }),
    [people, tags.data, sources.data, fields.data, branches.data, roles.data, specialty.data]
  )
}
