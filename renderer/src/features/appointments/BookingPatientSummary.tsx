import { useMemo } from 'react'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFind, useGet } from '../../api/live'
import { useFormat } from '../../i18n/format'
import { useSignedIn } from '../../api/session-store'
import { PhoneText } from '../customers/PhoneText'
import { APPOINTMENT_PATH } from './useAppointments'
import { MedicalAlertTag } from '../health-card/MedicalAlertTag'

const VISIT_FIELDS: Array<'_id' | 'start' | 'status'> = ['_id', 'start', 'status']

/**
 * Under the booking form's patient: what the front desk checks before booking (the phone, the
 * medical alert, a blacklist flag, a debt, the last and the next visit) and the way to the card. One get and two
 * one-row finds, asked only once a patient is chosen.
 */
export function BookingPatientSummary({ customerId, appointmentId }: { customerId: string; appointmentId?: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { company } = useSignedIn()
  const customer = useGet('customers', customerId)
  const now = useMemo(() => new Date().toISOString(), [])
  const other = appointmentId ? { _id: { $ne: appointmentId } } : {}
  const last = useFind(APPOINTMENT_PATH, { customerId, ...other, start: { $lt: now }, status: { $nin: ['cancelled', 'noShow'] }, $sort: { start: -1 }, $limit: 1, $select: VISIT_FIELDS })
  const next = useFind(APPOINTMENT_PATH, { customerId, ...other, start: { $gte: now }, status: { $nin: ['cancelled', 'noShow'] }, $sort: { start: 1 }, $limit: 1, $select: VISIT_FIELDS })
  const lastVisit = last.data?.data[0]
  const nextVisit = next.data?.data[0]
  // Its place is kept while the patient loads: the fields below must not move under a click.
  if (!customer.data) {
    return (
      <div className="booking-patient" aria-busy="true">
        <div className="booking-patient-row">&nbsp;</div>
        <div className="booking-patient-row">&nbsp;</div>
      </div>
    )
  }
  return (
    <div className="booking-patient" data-testid="booking-patient">
      <div className="booking-patient-row">
        <PhoneText phone={customer.data.phone} hidden={customer.data.phoneHidden} link />
        <MedicalAlertTag alert={customer.data.medicalAlert} />
        {customer.data.blacklisted && <Tag color="red">{t('booking.blacklisted')}</Tag>}
        {customer.data.debt > 0 && (
          <Tag color="orange" data-testid="booking-patient-debt">
            {t('booking.debt', { amount: format.money(customer.data.debt, company.currency) })}
          </Tag>
        )}
        <Link to={`/customer/${customerId}`} className="booking-patient-card" data-testid="booking-patient-card">
          {t('booking.openCard')}
        </Link>
      </div>
      <div className="booking-patient-row muted">
        <span>
          {t('booking.lastVisit')}: {lastVisit ? format.dateTime(lastVisit.start) : t('booking.noVisit')}
        </span>
        <span>
          {t('booking.nextVisit')}: {nextVisit ? format.dateTime(nextVisit.start) : t('booking.noVisit')}
        </span>
      </div>
    </div>
  )
}
