import type { EventProps } from 'react-big-calendar'
import { useTranslation } from 'react-i18next'
import type { CalendarEvent } from './calendar-model'

/** One visit on the grid: the patient first (what the front desk looks for), then services and status. */
export function CalendarEventBox({ event }: EventProps<CalendarEvent>) {
  const { t } = useTranslation()
  const { appointment } = event
  const services = appointment.services.map((item) => item.name).join(', ')
  return (
    <div className="calendar-event-box" data-testid="calendar-event" data-id={appointment._id}>
      <div className="calendar-event-title">
        {appointment.repeat || appointment.seriesId ? '↻ ' : ''}
        {event.title}
      </div>
      <div className="calendar-event-meta">
        {t(`appointmentStatus.${appointment.status}`)}
        {services ? ` · ${services}` : ''}
      </div>
    </div>
  )
}
