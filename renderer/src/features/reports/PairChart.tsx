import { daysOf, type DayRange } from '../../../../domain/reports/periods'

export interface PairPoint {
  day: string
  first: number
  second: number
}

/**
 * Two amounts per day side by side (earned and paid out) as plain SVG bars, as DayChart (no
 * chart library): the day's amounts in each bar's tooltip; a bar opens that day's rows of its
 * series. Negative days (a reversal larger than the day's earnings) draw as nothing.
 */
export function PairChart({ range, points, names, label, money, onBar }: {
  range: DayRange
  points: readonly PairPoint[]
  names: [string, string]
  label: (day: string) => string
  money: (minor: number) => string
  onBar: (day: string, series: 0 | 1) => void
}) {
  const days = daysOf(range)
  const byDay = new Map(points.map((point) => [point.day, point]))
  const max = Math.max(1, ...points.flatMap((point) => [point.first, point.second]))
  const width = 100 / days.length
  const every = Math.max(1, Math.ceil(days.length / 8))
  const bar = (day: string, index: number, series: 0 | 1, value: number) => {
    const height = (Math.max(0, value) / max) * 38
    return (
      <rect
        key={`${day}-${series}`}
        x={index * width + width * (0.1 + series * 0.4)}
        width={width * 0.4}
        y={40 - height}
        height={Math.max(height, value > 0 ? 0.4 : 0)}
        className={series === 0 ? 'reports-bar' : 'reports-bar reports-bar-second'}
        onClick={() => onBar(day, series)}
        data-testid={`reports-bar-${series}-${day}`}
      >
        <title>{`${label(day)}: ${names[series]} ${money(value)}`}</title>
      </rect>
    )
  }
  return (
    <div className="reports-chart" data-testid="reports-chart">
      <div className="reports-legend">
        <span><i className="reports-swatch" />{names[0]}</span>
        <span><i className="reports-swatch reports-swatch-second" />{names[1]}</span>
      </div>
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" role="img" aria-label={`${names[0]}, ${names[1]}: ${label(days[0])} – ${label(days[days.length - 1])}`}>
        {days.map((day, index) => {
          const point = byDay.get(day)
          return [bar(day, index, 0, point?.first ?? 0), bar(day, index, 1, point?.second ?? 0)]
        })}
      </svg>
      <div className="reports-chart-axis">
        {days.map((day, index) => (
          <span key={day} style={{ width: `${width}%` }}>{index % every === 0 ? day.slice(8) : ''}</span>
        ))}
      </div>
    </div>
  )
}
