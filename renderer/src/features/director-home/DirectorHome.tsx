import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useReport } from '../../api/live'
import { errorMessage } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import { useSignedIn } from '../../api/session-store'
import { useTextArea } from '../../i18n/useTextArea'
import { homeFigures, moneyFigures, type HomeByPeriod, type HomeFigure, type LoadByPeriod, type ReportsHome } from '../../../../server/src/services/reports/reports-summary/reports-summary.shared'
import type { LoadMinuteKey } from '../../../../server/src/services/reports/appointment-reports/appointment-reports.shared'
import { loadPercent } from '../../../../domain/reports/load'
import './director-home.css'

/** More of these is worse news: a rise shows red, not green. */
const worseWhenUp: readonly HomeFigure[] = ['noShows', 'debtCreated']
const HOME_QUERY = { view: 'home' } as const
/** The load tiles: each load's booked and available sums (the appointments report's; a higher load is good news). */
const loadTiles = { load: ['bookedMinutes', 'availableMinutes'], chairLoad: ['chairBookedMinutes', 'chairAvailableMinutes'] } as const satisfies Record<string, readonly [LoadMinuteKey, LoadMinuteKey]>
type LoadTile = keyof typeof loadTiles
type Period = 'today' | 'month'
const before = { today: 'yesterday', month: 'previousMonth' } as const
const reportPeriod = { today: 'today', month: 'thisMonth' } as const

/**
 * The director's (or finance manager's) home, issue 19 item 3: today and this month at a glance,
 * each against the previous period (yesterday; the previous month to the same day), for every
 * branch or one (the switch reuses the same answer: one server call for the whole home). A
 * figure of a period opens the summary report for that period with the figure chosen. Its own
 * chunk with its own few words (text area `directorHome`): only those who may view the summary
 * load them, and nothing else the home screen does not already have (no antd Result, no money
 * listener, not the reports' texts). The figures are read again when the home opens a minute or
 * more after the last read, not on every payment of the clinic (a phone on a slow network).
 * The load of doctors and chairs (booked ÷ available minutes, in whole percent; no figure when
 * nobody works) comes in the same answer for those who may view the appointments report, and
 * opens that report's load section (`figure=load`).
 */

/**
 * Sums with their currency run to 20 characters (hundreds of millions of UZS with tiyin): a long
 * one gets a smaller size rather than breaking between its digits in half a tile.
 */
function sizeClass(text: string): string {
  if (text.length > 18) return ' director-tile-value-longer'
  return text.length > 13 ? ' director-tile-value-long' : ''
}

export default function DirectorHome() {
  return useTextArea('directorHome') ? <DirectorTiles /> : null
}

function DirectorTiles() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useSignedIn().company?.currency || 'UZS'
  const home = useReport<ReportsHome>('reports-summary', HOME_QUERY)
  const [branchId, setBranchId] = useState<string | null>(null)
  // Not the shared FetchError: antd's Result (10 kB) would join the home screen's download.
  if (home.error) {
    return (
      <div className="director-home director-home-error" role="alert">
        {t('errors.could-not-fetch')} {errorMessage(home.error)}{' '}
        <button type="button" className="director-home-branch" onClick={() => void home.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    )
  }
  const data = home.data
  const branch = data?.branches.find((entry) => entry.branchId === branchId)
  const figures: HomeByPeriod | undefined = branch ?? data?.totals
  const load: LoadByPeriod | undefined = data?.load ? (branchId ? data.load.branches[branchId] : data.load.totals) : undefined
  const show = (figure: HomeFigure, value: number) => (moneyFigures.includes(figure) ? format.moneyWhole(value, currency) : format.number(value))
  const percent = (value: number | null) => (value === null ? '—' : `${format.number(value)} %`)
  const link = (path: string, figure: string, period: Period) => {
    const params = new URLSearchParams({ period: reportPeriod[period], figure })
    if (branchId) params.set('branch', branchId)
    return `${path}?${params}`
  }
  /** The arrow against the previous period; more of a "worse" figure is bad news. */
  const delta = (now: number | null, previous: number | null, worse: boolean) => {
    if (now === null || previous === null || now === previous) return { arrow: '=', tone: 'same' }
    return { arrow: now > previous ? '▲' : '▼', tone: now > previous !== worse ? 'good' : 'bad' }
  }
  /** One tile: its label and, for today and the month, the figure against the previous period, opening its report. */
  const tile = (id: string, label: string, cell: (period: Period) => { now: number | null; previous: number | null; text: (value: number | null) => string; to: string; worse: boolean }) => (
    <div key={id} className="director-tile" data-testid={`home-figure-${id}`}>
      <div className="director-tile-label">{label}</div>
      <div className="director-tile-periods">
        {(['today', 'month'] as const).map((period) => {
          const { now, previous, text, to, worse } = cell(period)
          const change = delta(now, previous, worse)
          const value = data ? text(now) : '…'
          return (
            <Link key={period} to={to} className="director-tile-period" data-testid={`home-${id}-${period}`}>
              <span className="director-tile-when">{t(`directorHome.${period}`)}</span>
              <span className={`director-tile-value${sizeClass(value)}`} data-testid={`home-${id}-${period}-value`}>{value}</span>
              {data && (
                <span className={`director-tile-delta director-tile-${change.tone}`}>
                  {change.arrow} {t(`directorHome.${before[period]}`)}: {text(previous)}
                </span>
              )}
            </Link>
          )
        })}
      </div>
    </div>
  )
  const loadOf = (kind: LoadTile, period: Period | 'yesterday' | 'previousMonth') => {
    const [booked, available] = loadTiles[kind]
    return load ? loadPercent(load[period][booked], load[period][available]) : null
  }
  return (
    <section className="director-home" data-testid="director-home" aria-label={t('directorHome.title')}>
      <div className="director-home-head">
        <h2 className="director-home-title">{t('directorHome.title')}</h2>
        {data && data.branches.length > 1 && (
          <div className="director-home-branches" role="group" aria-label={t('directorHome.branch')} data-testid="director-home-branches">
            {[{ branchId: null as string | null, name: t('directorHome.allBranches') }, ...data.branches].map((entry) => (
              <button
                key={entry.branchId ?? 'all'}
                type="button"
                className="director-home-branch"
                aria-pressed={branchId === entry.branchId}
                onClick={() => setBranchId(entry.branchId)}
              >
                {entry.name || '—'}
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="director-tiles">
        {homeFigures.map((figure) =>
          tile(figure, t(`directorHome.figures.${figure}`), (period) => ({
            now: figures?.[period][figure] ?? 0,
            previous: figures?.[before[period]][figure] ?? 0,
            text: (value) => show(figure, value ?? 0),
            to: link('/reports/summary', figure, period),
            worse: worseWhenUp.includes(figure)
          }))
        )}
        {data?.load &&
          (Object.keys(loadTiles) as LoadTile[]).map((kind) =>
            tile(kind, t(`directorHome.figures.${kind}`), (period) => ({
              now: loadOf(kind, period),
              previous: loadOf(kind, before[period]),
              text: percent,
              to: link('/reports/appointments', 'load', period),
              worse: false
            }))
          )}
      </div>
      <div className="director-home-note">{t('directorHome.note')}</div>
    </section>
  )
}
