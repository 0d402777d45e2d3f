import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import { PhoneText } from '../customers/PhoneText'
import { fileColumn, type DrillColumn } from './drill-columns'

/** What the customers report's and the funnel's rows say of a patient. */
interface PatientRow {
  customerName: string
  phone: string | null
  phoneHidden: boolean
  sourceId: string | null
  sourceName: string
  branchId: string
  firstVisit: string | null
  firstVisitDoctorName: string
}

/**
 * The patient's columns of a drill-down (for its table and its export): the name linking to the
 * card, the phone as the caller may see it (phone protection: the server sends none, the mark
 * says hidden; the file has none either), the first visit ever with its doctor, the source and
 * the branch.
 */
export function patientColumns<T extends PatientRow>(t: TFunction, customerId: (row: T) => string, dayText: (day: string) => string, branchName: ReadonlyMap<string, string>) {
  return {
    patient: { key: 'customerName', title: t('reports.rows.patient'), kind: 'text', render: (row) => <Link to={`/customer/${customerId(row)}`}>{row.customerName || '—'}</Link> },
    phone: { key: 'phone', title: t('reports.customers.rows.phone'), kind: 'text', nowrap: true, render: (row) => <PhoneText phone={row.phone} hidden={row.phoneHidden} /> },
    firstVisit: {
      key: 'firstVisit',
      title: t('reports.customers.rows.firstVisit'),
      kind: 'date',
      render: (row) => (row.firstVisit ? `${dayText(row.firstVisit)}${row.firstVisitDoctorName ? `, ${row.firstVisitDoctorName}` : ''}` : '—')
    },
    firstVisitDoctor: fileColumn<T>('firstVisitDoctorName', `${t('reports.customers.rows.firstVisit')}: ${t('reports.rows.doctor')}`),
    source: { key: 'sourceName', title: t('reports.customers.rows.source'), kind: 'text', render: (row) => (row.sourceId ? row.sourceName : t('reports.appointments.filters.noSource')) },
    branch: { key: 'branchId', title: t('reports.table.branch'), kind: 'text', render: (row) => branchName.get(row.branchId) ?? '—' }
  } satisfies Record<string, DrillColumn<T>>
}
