import { Button, Select } from 'antd'
import { CloseOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { intervalsProblem, nextInterval, timeChoices, type Interval } from './schedule'

interface Props {
  value: Interval[]
  onChange: (next: Interval[]) => void
  step: number
  /** Where a first interval starts (the clinic's day). */
  dayStart: string
  disabled?: boolean
  /** Names the day for screen readers ("Monday: start"). */
  label: string
}

/** One day's working intervals: start and end on the company step, add and remove. */
export function DayIntervals({ value, onChange, step, dayStart, disabled, label }: Props) {
  const { t } = useTranslation()
  const kept = value.flatMap((interval) => [interval.start, interval.end])
  const options = (kind: 'start' | 'end') => timeChoices(step, kept, kind).map((time) => ({ value: time, label: time }))
  const startChoices = options('start')
  const endChoices = options('end')
  const found = intervalsProblem(value)
  // The domain names the place as '<index>.<start|end>'.
  const problem = found ? { index: Number(found.path.split('.')[0]), code: found.code } : null
  const set = (index: number, change: Partial<Interval>) => onChange(value.map((interval, at) => (at === index ? { ...interval, ...change } : interval)))

  return (
    <div className="day-intervals">
      {value.map((interval, index) => (
        <div key={index} className={`day-interval${problem?.index === index ? ' day-interval-bad' : ''}`} data-testid="interval">
          <Select
            size="small"
            showSearch
            value={interval.start}
            options={startChoices}
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
            options={endChoices}
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
          onClick={() => onChange([...value, nextInterval(value, dayStart, step)])}
        >
          <span className="hide-on-phone">{t('schedule.addInterval')}</span>
        </Button>
      )}
      {problem && <div className="day-interval-error">{t(`errors.${problem.code}`)}</div>}
    </div>
  )
}
