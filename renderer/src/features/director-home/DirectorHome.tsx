import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useReport } from '../../api/live'
import { errorMessage } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import { useSignedIn } from '../../api/session-store'
import { useTextArea } from '../../i18n/useTextArea'
import { homeFigures, moneyFigures, type HomeByPeriod, type HomeFigure, type ReportsHome } from '../../../../server/src/services/reports/reports-summary/reports-summary.shared'
import './director-home.css'

/** More of these is worse news: a rise shows red, not green. */
const worseWhenUp: readonly HomeFigure[] = ['noShows', 'debtCreated']
const HOME_QUERY = { view: 'home' } as const

/**
 * The director's (or finance manager's) home, issue 19 item 3: today and this month at a glance,
 * each against the previous period (yesterday; the previous month to the same day), for every
 * branch or one (the switch reuses the same answer: one server call for the whole home). A
 * figure of a period opens the summary report for that period with the figure chosen. Its own
 * chunk with its own few words (text area `directorHome`): only those who may view the summary
 * load them, and nothing else the home screen does not already have (no antd Result, no money
 * listener, not the reports' texts). The figures are read again when the home opens a minute or
 * more after the last read, not on every payment of the clinic (a phone on a slow network).
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
  const show = (figure: HomeFigure, value: number) => (moneyFigures.includes(figure) ? format.moneyWhole(value, currency) : format.number(value))
  const link = (figure: HomeFigure, period: 'today' | 'thisMonth') => {
    const params = new URLSearchParams({ period, figure })
    if (branchId) params.set('branch', branchId)
    return `/reports/summary?${params}`
  }
  const delta = (figure: HomeFigure, now: number, before: number) => {
    const direction = now === before ? 'same' : now > before ? 'up' : 'down'
    const good = direction === 'same' ? 'same' : (direction === 'up') !== worseWhenUp.includes(figure) ? 'good' : 'bad'
    return { arrow: direction === 'same' ? '=' : direction === 'up' ? '▲' : '▼', tone: good }
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
        {homeFigures.map((figure) => (
          <div key={figure} className="director-tile" data-testid={`home-figure-${figure}`}>
            <div className="director-tile-label">{t(`directorHome.figures.${figure}`)}</div>
            <div className="director-tile-periods">
              {(['today', 'month'] as const).map((period) => {
                const now = figures?.[period][figure] ?? 0
                const before = figures?.[period === 'today' ? 'yesterday' : 'previousMonth'][figure] ?? 0
                const change = delta(figure, now, before)
                const value = figures ? show(figure, now) : '…'
                return (
                  <Link key={period} to={link(figure, period === 'today' ? 'today' : 'thisMonth')} className="director-tile-period" data-testid={`home-${figure}-${period}`}>
                    <span className="director-tile-when">{t(`directorHome.${period}`)}</span>
                    <span className={`director-tile-value${sizeClass(value)}`} data-testid={`home-${figure}-${period}-value`}>{value}</span>
                    {figures && (
                      <span className={`director-tile-delta director-tile-${change.tone}`}>
                        {change.arrow} {t(`directorHome.${period === 'today' ? 'yesterday' : 'previousMonth'}`)}: {show(figure, before)}
                      </span>
                    )}
                  </Link>
                )
              })}
            </div>
          </div>
        ))}
      </div>
      <div className="director-home-note">{t('directorHome.note')}</div>
    </section>
  )
}
