import { daysOf, type DayRange } from '../../../../domain/reports/periods'

export interface StackedSeries {
  key: string
  label: string
  /** A class of reports.css giving the bars their colour. */
  className: string
  values: ReadonlyMap<string, number>
}

/**
 * Counts per day in two or more series stacked (the customers report: new patients under returning
 * visits), as plain SVG like DayChart (no chart library): a day's parts in the tooltip, a part
 * opens that series' rows of that day. A legend names the series.
 */
export function StackedDayChart({ range, series, label, onPart }: { range: DayRange; series: readonly StackedSeries[]; label: (day: string) => string; onPart: (key: string, day: string) => void }) {
  const days = daysOf(range)
  const totals = days.map((day) => series.reduce((sum, one) => sum + (one.values.get(day) ?? 0), 0))
  const max = Math.max(1, ...totals)
  const width = 100 / days.length
  const every = Math.max(1, Math.ceil(days.length / 8))
  return (
    <div className="reports-chart" data-testid="reports-chart">
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" role="img" aria-label={`${label(days[0])} – ${label(days[days.length - 1])}`}>
        {days.map((day, index) => {
          let top = 40
          const title = `${label(day)}: ${series.map((one) => `${one.label} ${one.values.get(day) ?? 0}`).join(', ')}`
          return series.map((one) => {
            const value = one.values.get(day) ?? 0
            if (value === 0) return null
            const height = (value / max) * 38
            top -= height
            return (
              <rect key={`${day}-${one.key}`} x={index * width + width * 0.15} width={width * 0.7} y={top} height={height} className={`reports-bar ${one.className}`} onClick={() => onPart(one.key, day)} data-testid={`reports-bar-${one.key}-${day}`}>
                <title>{title}</title>
              </rect>
            )
          })
        })}
      </svg>
      <div className="reports-chart-axis">
        {days.map((day, index) => (
          <span key={day} style={{ width: `${width}%` }}>{index % every === 0 ? day.slice(8) : ''}</span>
        ))}
      </div>
      <div className="reports-legend">
        {series.map((one) => (
          <span key={one.key}><i className={one.className} />{one.label}</span>
        ))}
      </div>
    </div>
  )
}
