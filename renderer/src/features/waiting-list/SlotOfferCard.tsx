import { useEffect, useMemo } from 'react'
import { Button, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { useFind } from '../../api/live'
import { useSignedIn } from '../../api/session-store'
import { useFormat } from '../../i18n/format'
import { customerName } from '../customers/customer-name'
import { entryTexts } from './entry-text'
import { offerBookingUrl, type SlotOffer } from './slot-offer'
import { useCatalogue, useCustomersById, useDoctors } from './useLookups'
import { toZoned } from '../../../../domain/appointments/zoned-time'

/** Candidates shown in full; the rest are a link to the waiting list. */
const SHOWN = 5

/**
 * One freed slot: which doctor and when, the waiting customers who fit, Book for each and
 * Dismiss. Candidates booked or removed since (live `waiting-list` events) drop out; when none
 * is left the offer closes itself.
 */
export function SlotOfferCard({ offer, onClose }: { offer: SlotOffer; onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const navigate = useNavigate()
  const timeZone = useSignedIn().company?.timezone ?? 'UTC'
  const { names: doctorNames } = useDoctors()
  const catalogue = useCatalogue()
  const ids = useMemo(() => offer.candidates.map((entry) => entry._id), [offer.candidates])
  const current = useFind('waiting-list', { _id: { $in: ids }, $limit: ids.length })
  const candidates = useMemo(() => {
    // The event's list is a snapshot: prefer what the server says now, when it answered.
    if (!current.data) return offer.candidates
    const now = new Map(current.data.data.map((entry) => [entry._id, entry]))
    return offer.candidates.map((entry) => now.get(entry._id) ?? entry).filter((entry) => entry.status === 'waiting')
  }, [current.data, offer.candidates])
  const customers = useCustomersById(useMemo(() => candidates.map((entry) => entry.customerId), [candidates]))
  useEffect(() => {
    if (current.data && candidates.length === 0) onClose()
  }, [current.data, candidates.length, onClose])

  const start = toZoned(offer.event.start, timeZone)
  const end = toZoned(offer.event.end, timeZone)
  const when = `${t(`waitingList.weekdays.${start.weekday}`)}, ${format.date(`${start.date}T12:00:00`)}, ${start.time}–${end.time}`
  const doctor = doctorNames.get(offer.event.staffId) ?? '—'

  return (
    <div data-testid="slot-offer">
      <Typography.Text>{t('waitingList.offer.slot', { doctor, when })}</Typography.Text>
      <br />
      <Typography.Text type="secondary">{t('waitingList.offer.fit', { count: candidates.length })}</Typography.Text>
      <ul className="slot-offer-list">
        {candidates.slice(0, SHOWN).map((entry) => {
          const customer = customers.get(entry.customerId)
          const text = entryTexts(t, entry, { doctorNames, serviceNames: catalogue.names, date: format.date })
          return (
            <li key={entry._id} className="slot-offer-item" data-testid="slot-offer-candidate">
              <div>
                <div>
                  <strong>{customer ? customerName(customer) : '—'}</strong>
                </div>
                <div className="waiting-muted">{[text.services, text.duration, entry.notes].filter(Boolean).join(' · ')}</div>
              </div>
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  onClose()
                  navigate(offerBookingUrl(offer.event, entry))
                }}
              >
                {t('waitingList.offer.book')}
              </Button>
            </li>
          )
        })}
      </ul>
      <div className="slot-offer-item" style={{ marginTop: 12 }}>
        {candidates.length > SHOWN ? (
          <Link to="/appointments/waiting-list" onClick={onClose}>
            {t('waitingList.offer.more', { count: candidates.length - SHOWN })}
          </Link>
        ) : (
          <span />
        )}
        <Button size="small" onClick={onClose}>
          {t('waitingList.offer.dismiss')}
        </Button>
      </div>
    </div>
  )
}
