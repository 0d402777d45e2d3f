import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { remoteService, useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { usePeopleNames } from '../../components/usePeopleNames'
import { useFormat } from '../../i18n/format'
import { customerName } from '../customers/customer-name'
import { roleLabel } from '../roles/role-label'
import type { ActivityEntry } from './activity-entry'
import type { Lookups } from './activity-values'

type Named = { _id: string; name: string }
const names = (rows: Named[] | undefined) => new Map((rows ?? []).map((row) => [row._id, row.name]))

/** The ids an entry names in a field, whether set on create or changed from one to another. */
function idsIn(entry: ActivityEntry, field: string): string[] {
  const value = (entry.changes as Record<string, unknown> | null)?.[field]
  const pair = value && typeof value === 'object' && !Array.isArray(value) ? (value as { from?: unknown; to?: unknown }) : { to: value }
  return [pair.from, pair.to].filter((id): id is string => typeof id === 'string')
}

/** The page's patients and appointments, found by id (two finds for the page, not one per row). */
function usePageRecords(entries: ActivityEntry[], canCustomers: boolean, canAppointments: boolean) {
  const appointmentIds = [...new Set(entries.flatMap((entry) => [...idsIn(entry, 'appointmentId'), ...(entry.service === 'appointment' && entry.recordId ? [entry.recordId] : [])]))].sort()
  const appointments = useQuery({
    queryKey: ['appointment', 'find', { activityPage: appointmentIds }],
    queryFn: () => remoteService('appointment').find({ query: { _id: { $in: appointmentIds }, $limit: appointmentIds.length, $select: ['_id', 'customerId', 'start'] } }),
    enabled: canAppointments && appointmentIds.length > 0
  })
  const found = appointments.data?.data ?? []
  const customerIds = [
    ...new Set([
      ...entries.flatMap((entry) => [...idsIn(entry, 'customerId'), ...(entry.service === 'customers' && entry.recordId ? [entry.recordId] : [])]),
      ...found.map((appointment) => appointment.customerId)
    ])
  ].sort()
  const customers = useQuery({
    queryKey: ['customers', 'find', { activityPage: customerIds }],
    queryFn: () => remoteService('customers').find({ query: { _id: { $in: customerIds }, $limit: customerIds.length, $select: ['_id', 'first_name', 'last_name', 'middle_name'] } }),
    enabled: canCustomers && customerIds.length > 0
  })
  return { appointments: found, customers: customers.data?.data ?? [] }
}

/**
 * The names the log shows instead of ids: people, tags, sources, custom fields, branches, roles,
 * specialties, chairs, the catalogue, and the patients and appointments of the page's entries.
 */
export function useActivityLookups(entries: ActivityEntry[] = []): Lookups & { team: ReturnType<typeof usePeopleNames>['team'] } {
  const { t } = useTranslation()
  const format = useFormat()
  const people = usePeopleNames()
  const all = { $limit: 500 }
  const tags = useFind('tags', all)
  const sources = useFind('sources', all)
  const fields = useFind('fields', all)
  const branches = useFind('branches', all)
  const specialty = useFind('specialty', all)
  const roles = useFind('roles', all, useCan('roles', 'view'))
  const workPlaces = useFind('work-place', all, useCan('work-place', 'view'))
  const canCatalogue = useCan('service', 'view')
  const catalogue = useFind('service', all, canCatalogue)
  const categories = useFind('service-categories', all, canCatalogue)
  const page = usePageRecords(entries, useCan('customers', 'view'), useCan('appointment', 'view'))
  return useMemo(() => {
    const customers = new Map(page.customers.map((customer) => [customer._id, customerName(customer)]))
    const appointments = new Map(
      page.appointments.map((appointment) => [appointment._id, [customers.get(appointment.customerId), format.dateTime(appointment.start)].filter(Boolean).join(' · ')])
    )
    return {
      people: people.names,
      team: people.team,
      tags: names(tags.data?.data),
      sources: names(sources.data?.data),
      fields: names(fields.data?.data),
      branches: names(branches.data?.data),
      roles: new Map((roles.data?.data ?? []).map((role) => [role._id, roleLabel(role, t)])),
      specialty: names(specialty.data?.data),
      workPlaces: names(workPlaces.data?.data),
      catalogue: names(catalogue.data?.data),
      categories: names(categories.data?.data),
      customers,
      appointments
    }
  }, [people, tags.data, sources.data, fields.data, branches.data, roles.data, specialty.data, workPlaces.data, catalogue.data, categories.data, page.customers, page.appointments, format, t])
}
