import { Fragment, useMemo } from 'react'
import { Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { compareCharts, type PerioChart, type SiteChange } from '../../../../domain/clinical/perio'
import { formatTooth, type ToothNumbering } from '../../../../domain/clinical/teeth'
import { useFormat } from '../../i18n/format'
import { changeSummary, changeText, changeValue, gridArches, gridSites, toothEntry, type GridBand } from './perio-grid'

interface Dated {
  date: string
  teeth: PerioChart['teeth']
}

/**
 * Two exams side by side, site by site: today's depth and the change since the earlier exam
 * (CAL where both have it, else depth; later minus earlier). A change of 2 mm or more is real:
 * worse is red, better green (compareCharts in domain/clinical/perio.ts).
 */
export function PerioCompare({ before, after, numbering }: { before: Dated; after: Dated; numbering: ToothNumbering }) {
  const { t } = useTranslation()
  const format = useFormat()
  const changes = useMemo(() => compareCharts({ teeth: before.teeth }, { teeth: after.teeth }), [before, after])
  const bySite = useMemo(() => new Map(changes.map((change) => [`${change.tooth}${change.site}`, change])), [changes])
  const summary = changeSummary(changes)

  const band = (arch: (typeof gridArches)[number], which: GridBand) => {
    const rows = which.above ? (['change', 'depth'] as const) : (['depth', 'change'] as const)
    return rows.map((row) => (
      <Fragment key={`${arch.arch}-${which.side}-${row}`}>
        <div className="perio-label">{row === 'change' ? t('perio.compare.change') : t(`perio.side.${which.arch}.${which.side}`)}</div>
        {arch.teeth.map((tooth) => gridSites(tooth, which.side).map((site, index) => {
          const change: SiteChange | undefined = bySite.get(`${tooth}${site}`)
          const missing = toothEntry({ teeth: after.teeth }, tooth)?.missing === true
          const classes = ['perio-cell', index === 0 ? 'perio-tooth-start' : '', missing ? 'perio-missing' : '']
          if (row === 'depth') {
            const depth = change?.after.depth ?? null
            if (depth !== null && depth > 9) classes.push('perio-two')
            return <div key={`${tooth}${site}${row}`} className={classes.join(' ')}>{depth ?? ''}</div>
          }
          const value = change ? changeValue(change) : null
          if (change?.trend) classes.push(`perio-trend-${change.trend}`)
          if (changeText(value).length > 1) classes.push('perio-two')
          const label = change?.trend ? `${formatTooth(tooth, numbering)} ${t(`clinical.perio.site.${site}`)}: ${changeText(value)} (${t(`clinical.perio.trend.${change.trend}`)})` : undefined
          return <div key={`${tooth}${site}${row}`} className={classes.join(' ')} title={label} aria-label={label}>{changeText(value)}</div>
        }))}
      </Fragment>
    ))
  }

  return (
    <div className="perio-compare">
      <Space wrap size={8} className="perio-compare-summary">
        <Typography.Text>{t('perio.compare.between', { before: format.date(before.date), after: format.date(after.date) })}</Typography.Text>
        <Tag color="red">{t('perio.compare.worse', { count: summary.worse })}</Tag>
        <Tag color="green">{t('perio.compare.better', { count: summary.better })}</Tag>
        <Typography.Text type="secondary">{t('perio.compare.rule')}</Typography.Text>
        <Typography.Text type="secondary">{t('perio.compare.rows')}</Typography.Text>
      </Space>
      <div className="perio-grid-wrap">
        {gridArches.map((arch) => (
          <div key={arch.arch} className="perio-grid">
            {band(arch, arch.bands[0])}
            <div className="perio-label" />
            {arch.teeth.map((tooth) => (
              <div key={tooth} className={`perio-tooth ${toothEntry({ teeth: after.teeth }, tooth)?.missing ? 'perio-missing' : ''}`}>
                <span className="perio-tooth-number">{formatTooth(tooth, numbering)}</span>
              </div>
            ))}
            {band(arch, arch.bands[1])}
          </div>
        ))}
      </div>
    </div>
  )
}
