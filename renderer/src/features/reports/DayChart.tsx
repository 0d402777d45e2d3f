import { daysOf, type DayRange } from '../../../../domain/reports/periods'

/**
 * Money per day (collected, in the summary and the payments report) as plain SVG bars (no chart
 * library in the bundle): one bar a day, the values of a day added up (every branch), the
 * day's amount in the bar's tooltip; a bar opens that day's rows.
 */
export function DayChart({ range, values, label, money, onDay }: { range: DayRange; values: ReadonlyArray<{ day: string; value: number }>; label: (day: string) => string; money: (minor: number) => string; onDay: (day: string) => void }) {
  const days = daysOf(range)
  const byDay = new Map<string, number>()
  for (const entry of values) byDay.set(entry.day, (byDay.get(entry.day) ?? 0) + entry.value)
  const max = Math.max(1, ...byDay.values())
  const width = 100 / days.length
  // A label under every bar when they fit, else about eight of them.
  const every = Math.max(1, Math.ceil(days.length / 8))
  return (
    <div className="reports-chart" data-testid="reports-chart">
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" role="img" aria-label={`${label(days[0])} – ${label(days[days.length - 1])}`}>
        {days.map((day, index) => {
          const value = byDay.get(day) ?? 0
          const height = (value / max) * 38
          return (
            <rect key={day} x={index * width + width * 0.15} width={width * 0.7} y={40 - height} height={Math.max(height, value > 0 ? 0.4 : 0)} className="reports-bar" onClick={() => onDay(day)} data-testid={`reports-bar-${day}`}>
              <title>{`${label(day)}: ${money(value)}`}</title>
            </rect>
          )
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
