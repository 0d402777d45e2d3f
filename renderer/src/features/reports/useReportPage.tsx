import type { ReactNode } from 'react'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { client } from '../../api/client'
import type { ServicePath } from '../../api/live'
import { useSignedIn } from '../../api/session-store'
import { FetchError } from '../../components/FetchError'
import { companyToday } from '../appointments/zoned-time'
import { useRefreshOnMoney } from '../billing/useRefreshOnMoney'
import type { PermissionResource } from '../../../../domain/access/resources'
import type { DayRange } from '../../../../domain/reports/periods'
import { usePeriod, useReportParams, useReportScope } from './ReportFilters'

/** The filter every report over a period takes: the period, and the branch and doctor when chosen. */
export interface PeriodReportFilter {
  from: string
  to: string
  branchId?: string
  doctorId?: string
}

export interface ReportPageOptions {
  /** The report's resource: its seeAll offers the doctor filter, its branches the branch filter. */
  resource: PermissionResource
  /** The report filters by doctor (the address's `doctor`); false for those that have none. */
  byDoctor?: boolean
  /** The report has no period (the debtors' one day): the filter is the branch, doctor and `own`. */
  withoutPeriod?: boolean
  /** The report's own narrowings read from the address (a source, the lapse months); undefined ones are left out. */
  own?: (params: URLSearchParams, today: string) => Record<string, string | number | boolean | undefined>
  /** Payments and invoices change its figures: refetched whenever one is written (useRefreshOnMoney). */
  money?: boolean
  /** Not asked at all (the summary, for one who may not view it, goes elsewhere). */
  skip?: boolean
}

const defined = (values: Record<string, string | number | boolean | undefined>) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== ''))

/**
 * What every report page does before drawing: its filters from the address (period, branch,
 * doctor and its own), the branches and doctors it may offer, the one read of its service for
 * that filter (asked again when the address changes, and on money writes for money reports) and
 * the "could not fetch" view. The query key is `[path, 'find', filter]`, the one refreshService
 * and the drill-downs (useDrillRows) use.
 */
export function useReportPage<Report, Filter extends object = PeriodReportFilter>(path: ServicePath, options: ReportPageOptions) {
  const today = companyToday(useSignedIn().company.timezone)
  const { params, set, branchId, doctorId } = useReportParams()
  const { preset, range } = usePeriod(params, today)
  const scope = useReportScope(options.resource)
  const narrowing = defined({ branchId, ...(options.byDoctor === false ? {} : { doctorId }), ...(options.own?.(params, today) ?? {}) })
  const period: DayRange | null = options.withoutPeriod ? null : range
  const filter = options.skip || (!options.withoutPeriod && !range) ? null : ({ ...(period ?? {}), ...narrowing } as Filter)
  const report: UseQueryResult<Report> = useQuery({
    queryKey: [path, 'find', filter],
    queryFn: () => (client.service(path) as unknown as { find: (params: unknown) => Promise<Report> }).find({ query: filter }),
    enabled: filter !== null
  })
  useRefreshOnMoney(path, Boolean(options.money) && filter !== null)
  const failed: ReactNode = report.error ? <FetchError error={report.error} onRetry={() => void report.refetch()} /> : null
  return { params, set, branchId, doctorId, preset, range, today, scope, filter, report, data: report.data, failed }
}
