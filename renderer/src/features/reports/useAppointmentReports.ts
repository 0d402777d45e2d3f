import { useQuery } from '@tanstack/react-query'
import { client } from '../../api/client'
import type { AppointmentReportRows, RowFigure } from '../../../../server/src/services/reports/appointment-reports/appointment-reports.shared'

export interface AppointmentReportFilter {
  from: string
  to: string
  branchId?: string
  doctorId?: string
  /** A source's id, or 'none'. */
  sourceId?: string
}

/** One number of the report: a figure, narrowed to a line of a table (a doctor, a source, a branch, a work place). */
export interface AppointmentDrill {
  figure: RowFigure
  doctorId?: string
  sourceId?: string
  branchId?: string
  workPlaceId?: string
  /** What the line is called, for the drawer's title. */
  where?: string
}

/** The query of one number's rows: the report's filter with the line's narrowing on top (the drawer's read and its export). */
export function appointmentRowsQuery(filter: AppointmentReportFilter | null, drill: AppointmentDrill | null) {
  return filter && drill ? { ...filter, $rows: drill.figure, ...(drill.doctorId ? { doctorId: drill.doctorId } : {}), ...(drill.sourceId ? { sourceId: drill.sourceId } : {}), ...(drill.branchId ? { branchId: drill.branchId } : {}), ...(drill.workPlaceId ? { workPlaceId: drill.workPlaceId } : {}) } : null
}

/** The rows behind one number: the report's filter with the line's narrowing on top. */
export function useAppointmentRows(filter: AppointmentReportFilter | null, drill: AppointmentDrill | null) {
  const query = appointmentRowsQuery(filter, drill)
  return useQuery({
    queryKey: ['appointment-reports', 'find', query],
    queryFn: () => client.service('appointment-reports').find({ query: query! }) as Promise<AppointmentReportRows>,
    enabled: query !== null
  })
}
