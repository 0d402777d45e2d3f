import { useState } from 'react'
import { Button, DatePicker, Empty, Popconfirm, Switch } from 'antd'
import { DeleteOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import { DayIntervals } from './DayIntervals'
import { addException, removeException, weekdayOf, type ScheduleDraft } from './schedule'
import type { CalendarSettings } from './calendar-settings'

interface Props {
  draft: ScheduleDraft
  onChange: (next: ScheduleDraft) => void
  calendar: Pick<CalendarSettings, 'step' | 'dayStart' | 'dayEnd'>
  readOnly?: boolean
}

/** Dated exceptions: a date replaces its weekday (other hours, or a day off); past ones are folded away. */
export function DateExceptions({ draft, onChange, calendar, readOnly }: Props) {
  const { t } = useTranslation()
  const format = useFormat()
  const [showPast, setShowPast] = useState(false)
  const today = dayjs().format('YYYY-MM-DD')
  const dates = Object.keys(draft.dates).sort()
  const past = dates.filter((date) => date < today)
  const shown = showPast ? dates : dates.filter((date) => date >= today)

  return (
    <div data-testid="date-exceptions">
      {!readOnly && (
        <div className="schedule-toolbar">
          <DatePicker
            value={null as Dayjs | null}
            placeholder={t('schedule.pickDate')}
            aria-label={t('schedule.pickDate')}
            disabledDate={(day: Dayjs) => Boolean(draft.dates[day.format('YYYY-MM-DD')]) || day.isBefore(dayjs(), 'day')}
            onChange={(day: Dayjs | null) => day && onChange(addException(draft, day.format('YYYY-MM-DD')))}
          />
          <span className="muted">{t('schedule.exceptionsHint')}</span>
        </div>
      )}
      {shown.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('schedule.noExceptions')} />}
      {shown.map((date) => {
        const list = draft.dates[date]
        const label = format.date(`${date}T12:00:00`)
        const setList = (next: typeof list) => onChange({ ...draft, dates: { ...draft.dates, [date]: next } })
        return (
          <div key={date} className="exception-row" data-testid={`exception-${date}`}>
            <div className="exception-date">
              {label}
              <small>{t(`schedule.days.${weekdayOf(date)}`)}</small>
            </div>
            <div className="exception-body">
              <div style={{ display: 'flex', alignItems: 'center', gap: 10, flexWrap: 'wrap' }}>
                <Switch
                  size="small"
                  checked={list.length > 0}
                  disabled={readOnly}
                  checkedChildren={t('schedule.working')}
                  unCheckedChildren={t('schedule.dayOff')}
                  onChange={(on) => setList(on ? [{ start: calendar.dayStart, end: calendar.dayEnd }] : [])}
                  aria-label={`${label}: ${t('schedule.working')}`}
                />
                {list.length > 0 && (
                  <DayIntervals value={list} onChange={setList} step={calendar.step} dayStart={calendar.dayStart} disabled={readOnly} label={label} />
                )}
              </div>
            </div>
            <div className="exception-end">
              {!readOnly && (
                <Popconfirm title={t('schedule.removeExceptionConfirm')} onConfirm={() => onChange(removeException(draft, date))} okText={t('common.delete')} cancelText={t('common.cancel')}>
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`${label}: ${t('schedule.removeException')}`} />
                </Popconfirm>
              )}
            </div>
          </div>
        )
      })}
      {past.length > 0 && (
        <Button type="link" size="small" onClick={() => setShowPast(!showPast)} style={{ paddingLeft: 0, marginTop: 8 }}>
          {showPast ? t('schedule.hidePast') : t('schedule.showPast', { count: past.length })}
        </Button>
      )}
    </div>
  )
}
