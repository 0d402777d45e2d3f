import { Button, Select } from 'antd'
import { CloseOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { intervalsProblem, nextInterval, timeChoices, type Interval } from './schedule'

interface Props {
  value: Interval[]
  onChange: (next: Interval[]) => void
  step: number
  dayStart: string
  dayEnd: string
  disabled?: boolean
  /** Names the day for screen readers ("Monday: start"). */
  label: string
}

/** One day's working intervals: start and end on the company step, add and remove. */
export function DayIntervals({ value, onChange, step, dayStart, dayEnd, disabled, label }: Props) {
  const { t } = useTranslation()
  const choices = timeChoices(
    step,
    value.flatMap((interval) => [interval.start, interval.end])
  ).map((time) => ({ value: time, label: time }))
  const problem = intervalsProblem(value)
  const set = (index: number, change: Partial<Interval>) => onChange(value.map((interval, at) => (at === index ? { ...interval, ...change } : interval)))

  return (
    <div className="day-intervals">
      {value.map((interval, index) => (
        <div key={index} className={`day-interval${problem?.index === index ? ' day-interval-bad' : ''}`} data-testid="interval">
          <Select
            size="small"
            showSearch
            value={interval.start}
            options={choices}
            onChange={(start) => set(index, { start })}
            disabled={disabled}
            aria-label={`${label}: ${t('schedule.start')}`}
            status={problem?.index === index ? 'error' : undefined}
            popupMatchSelectWidth={false}
            className="time-select"
          />
          <span className="muted">–</span>
          <Select
            size="small"
            showSearch
            value={interval.end}
            options={choices}
            onChange={(end) => set(index, { end })}
            disabled={disabled}
            aria-label={`${label}: ${t('schedule.end')}`}
            status={problem?.index === index ? 'error' : undefined}
            popupMatchSelectWidth={false}
            className="time-select"
          />
          {!disabled && (
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined />}
              aria-label={`${label}: ${t('schedule.removeInterval')}`}
              onClick={() => onChange(value.filter((_, at) => at !== index))}
            />
          )}
        </div>
      ))}
      {!disabled && (
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          aria-label={`${label}: ${t('schedule.addInterval')}`}
          onClick={() => onChange([...value, nextInterval(value, dayStart, dayEnd, step)])}
        >
          <span className="hide-on-phone">{t('schedule.addInterval')}</span>
        </Button>
      )}
      {problem && <div className="day-interval-error">{t(`schedule.problems.${problem.problem}`)}</div>}
    </div>
  )
}
