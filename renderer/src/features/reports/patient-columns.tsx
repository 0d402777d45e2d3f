import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import { PhoneText } from '../customers/PhoneText'

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
 * The patient's columns of a drill-down: the name linking to the card, the phone as the caller
 * may see it (phone protection: the server sends none, the mark says hidden), the first visit
 * ever with its doctor, the source and the branch.
 */
export function patientColumns<T extends PatientRow>(t: TFunction, customerId: (row: T) => string, dayText: (day: string) => string, branchName: ReadonlyMap<string, string>) {
  return {
    patient: { key: 'patient', title: t('reports.rows.patient'), render: (_: unknown, row: T) => <Link to={`/customer/${customerId(row)}`}>{row.customerName || '—'}</Link> },
    phone: { key: 'phone', title: t('reports.customers.rows.phone'), className: 'reports-nowrap', render: (_: unknown, row: T) => <PhoneText phone={row.phone} hidden={row.phoneHidden} /> },
    firstVisit: {
      key: 'firstVisit',
      title: t('reports.customers.rows.firstVisit'),
      render: (_: unknown, row: T) => (row.firstVisit ? `${dayText(row.firstVisit)}${row.firstVisitDoctorName ? `, ${row.firstVisitDoctorName}` : ''}` : '—')
    },
    source: { key: 'source', title: t('reports.customers.rows.source'), render: (_: unknown, row: T) => (row.sourceId ? row.sourceName : t('reports.appointments.filters.noSource')) },
    branch: { key: 'branch', title: t('reports.table.branch'), render: (_: unknown, row: T) => branchName.get(row.branchId) ?? '—' }
  }
}
