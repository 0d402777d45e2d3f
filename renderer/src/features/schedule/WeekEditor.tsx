import { Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { CopyDayButton } from './CopyDayButton'
import { DayIntervals } from './DayIntervals'
import { copyDay, dayKeys, dayMinutes, type Week } from './schedule'
import type { CalendarSettings } from './calendar-settings'

interface Props {
  value: Week
  onChange: (next: Week) => void
  calendar: Pick<CalendarSettings, 'step' | 'dayStart' | 'dayEnd'>
  readOnly?: boolean
}

/** Monday..Sunday rows: working or day off, the day's intervals, copy to other days. */
export function WeekEditor({ value, onChange, calendar, readOnly }: Props) {
  const { t } = useTranslation()
  const hours = (minutes: number) => t('schedule.hoursTotal', { hours: Math.round((minutes / 60) * 10) / 10 })
  return (
    <div className="week-editor" data-testid="week-editor">
      {dayKeys.map((day) => {
        const list = value[day]
        const working = list.length > 0
        const name = t(`schedule.days.${day}`)
        return (
          <div key={day} className={`week-row${working ? '' : ' week-row-off'}`} data-testid={`day-${day}`}>
            <div className="week-row-head">
              <Switch
                size="small"
                checked={working}
                disabled={readOnly}
                onChange={(on) => onChange({ ...value, [day]: on ? [{ start: calendar.dayStart, end: calendar.dayEnd }] : [] })}
                aria-label={`${name}: ${t('schedule.working')}`}
              />
              <span className="week-row-name">{name}</span>
            </div>
            <div className="week-row-body">
              {working ? (
                <DayIntervals
                  value={list}
                  onChange={(next) => onChange({ ...value, [day]: next })}
                  step={calendar.step}
                  dayStart={calendar.dayStart}
                 
                  disabled={readOnly}
                  label={name}
                />
              ) : (
                <span className="muted">{t('schedule.dayOff')}</span>
              )}
            </div>
            <div className="week-row-end">
              {working && <span className="muted week-row-total">{hours(dayMinutes(list))}</span>}
              {!readOnly && <CopyDayButton day={day} onCopy={(to) => onChange(copyDay(value, day, to))} />}
            </div>
          </div>
        )
      })}
    </div>
  )
}
