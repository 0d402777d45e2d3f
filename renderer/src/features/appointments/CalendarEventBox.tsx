import type { CSSProperties } from 'react'
import dayjs from 'dayjs'
import type { EventProps } from 'react-big-calendar'
import { useTranslation } from 'react-i18next'
import type { CalendarEvent } from './calendar-model'
import { MedicalAlertMark } from '../health-card/MedicalAlertTag'
import '../health-card/health-card.css'

/**
 * One visit on the grid: the patient first (what the front desk looks for, and all a short
 * visit has room for), then its time, status and services. The box runs to the end of the services' buffer, drawn hatched below the
 * visit, so a cell that looks free is free.
 */
export function CalendarEventBox({ event }: EventProps<CalendarEvent>) {
  const { t } = useTranslation()
  const { appointment, bufferMinutes } = event
  const services = appointment.services.map((item) => item.name).join(', ')
  const visitEnd = dayjs(event.start).add(appointment.duration, 'minute')
  const bufferShare = bufferMinutes > 0 ? (bufferMinutes / (appointment.duration + bufferMinutes)) * 100 : 0
  return (
    <div className="calendar-event-box" data-testid="calendar-event" data-id={appointment._id} title={`${event.title} · ${dayjs(event.start).format('HH:mm')}–${visitEnd.format('HH:mm')}`}>
      <div className="calendar-event-title">
        <MedicalAlertMark alert={event.medicalAlert} />
        {appointment.repeat || appointment.seriesId ? '↻ ' : ''}
        <span className="calendar-event-name">{event.title}</span>
        <span className="calendar-event-short-name">{event.shortTitle}</span>
      </div>
      <div className="calendar-event-meta">
        <span className="calendar-event-time">
          {dayjs(event.start).format('HH:mm')}–{visitEnd.format('HH:mm')} ·{' '}
        </span>
        {t(`appointmentStatus.${appointment.status}`)}
        {services ? ` · ${services}` : ''}
      </div>
      {bufferShare > 0 && (
        <div
          className="calendar-event-buffer"
          style={{ '--buffer-share': `${bufferShare}%` } as CSSProperties}
          title={t('calendar.bufferUntil', { until: dayjs(event.end).format('HH:mm') })}
          data-testid="calendar-event-buffer"
        />
      )}
    </div>
  )
}
