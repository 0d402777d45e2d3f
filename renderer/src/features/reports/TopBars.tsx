/** One bar of a ranking: what it is, its value, and the text of that value. */
export interface TopBar {
  key: string
  label: string
  value: number
  text: string
}

/**
 * A ranking as horizontal bars drawn by hand in SVG (no chart library in the bundle, as
 * DayChart): the name, a bar as long as the value against the largest, and the value; a bar
 * opens the rows behind its number.
 */
export function TopBars({ bars, onBar, testId }: { bars: readonly TopBar[]; onBar: (key: string) => void; testId: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value))
  return (
    <ol className="reports-topbars" data-testid={testId}>
      {bars.map((bar) => (
        <li key={bar.key}>
          <button type="button" className="reports-topbar" onClick={() => onBar(bar.key)} data-testid={`${testId}-${bar.key}`} title={`${bar.label}: ${bar.text}`}>
            <span className="reports-topbar-name">{bar.label}</span>
            <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
              <rect x={0} y={1} height={8} width={Math.max(0.6, (bar.value / max) * 100)} className="reports-bar" />
            </svg>
            <span className="reports-topbar-value reports-number">{bar.text}</span>
          </button>
        </li>
      ))}
    </ol>
  )
}
