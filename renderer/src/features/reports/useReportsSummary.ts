import { useQuery } from '@tanstack/react-query'
import { client } from '../../api/client'
import type { ReportsSummaryRows, SummaryFigure } from '../../../../server/src/services/reports/reports-summary/reports-summary.shared'
import type { PaymentMethod } from '../../../../domain/billing/money'

export interface SummaryFilter {
  from: string
  to: string
  branchId?: string
  doctorId?: string
}

export interface Drill {
  figure: SummaryFigure
  day?: string
  branchId?: string
  method?: PaymentMethod
}

/** The summary's query for one number's rows (the drawer reads it, its export reads every page of it). */
export function summaryRowsQuery(filter: SummaryFilter | null, drill: Drill | null) {
  return filter && drill ? { ...filter, $rows: drill.figure, ...(drill.day ? { day: drill.day } : {}), ...(drill.branchId ? { branchId: drill.branchId } : {}), ...(drill.method ? { method: drill.method } : {}) } : null
}

/** The rows behind one number of the summary. */
export function useSummaryRows(filter: SummaryFilter | null, drill: Drill | null) {
  return useQuery({
    queryKey: ['reports-summary', 'find', filter, drill],
    queryFn: () => client.service('reports-summary').find({ query: summaryRowsQuery(filter, drill)! }) as Promise<ReportsSummaryRows>,
    enabled: filter !== null && drill !== null
  })
}
