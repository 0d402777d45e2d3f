import { Fragment, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { type PerioChart, type PerioSite, type PerioThresholds, type PerioToothEntry } from '../../../../domain/clinical/perio'
import type { EntryMode, SiteRef } from '../../../../domain/clinical/perio-entry'
import { formatTooth, type FdiTooth, type ToothNumbering } from '../../../../domain/clinical/teeth'
import { bandRows, cellRed, cellText, cellValue, gridArches, gridSites, toothEntry, toothRedFlags, type GridBand, type GridRow } from './perio-grid'
import { PerioToothButton } from './PerioToothButton'

export interface PerioGridProps {
  chart: PerioChart
  thresholds: PerioThresholds
  numbering: ToothNumbering
  /** The site keyboard entry writes next (drafts only). */
  cursor?: SiteRef | null
  mode?: EntryMode
  editable: boolean
  onPick?: (site: SiteRef, row: GridRow) => void
  onToothChange?: (entry: PerioToothEntry) => void
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void
  /** Shown for the keyboard (what the cursor is on). */
  status?: ReactNode
}

const MARKS = ['bleeding', 'suppuration', 'plaque', 'calculus'] as const

/**
 * The perio chart's grid (see perio-grid.ts for the layout): per tooth three sites a row, depth,
 * margin, computed CAL and the site marks, mobility and furcation per tooth between the bands.
 * Missing teeth are greyed; values at a company threshold are red. Keys go to `onKeyDown`.
 */
export function PerioGrid({ chart, thresholds, numbering, cursor, mode = 'depth', editable, onPick, onToothChange, onKeyDown, status }: PerioGridProps) {
  const { t } = useTranslation()
  const rowLabel = (row: GridRow) => t(`perio.row.${row}`)
  const isCursor = (tooth: FdiTooth, site: PerioSite) => cursor?.tooth === tooth && cursor.site === site

  const band = (arch: (typeof gridArches)[number], which: GridBand) => bandRows(which).map((row) => (
    <Fragment key={`${arch.arch}-${which.side}-${row}`}>
      <div className={`perio-label perio-label-${row}`}>{row === 'marks' ? t(`perio.side.${which.arch}.${which.side}`) : rowLabel(row)}</div>
      {arch.teeth.map((tooth) => {
        const entry = toothEntry(chart, tooth)
        const missing = entry?.missing === true
        return gridSites(tooth, which.side).map((site) => {
          const value = entry?.sites[site]
          const key = `${tooth}${site}${row}`
          const classes = ['perio-cell', `perio-cell-${row}`, missing ? 'perio-missing' : '', gridSites(tooth, which.side)[0] === site ? 'perio-tooth-start' : '']
          if (row === 'marks') {
            return (
              <div key={key} className={classes.join(' ')} onClick={missing || !onPick ? undefined : () => onPick({ tooth, site }, row)}>
                {!missing && MARKS.filter((mark) => value?.[mark]).map((mark) => <span key={mark} className={`perio-mark perio-mark-${mark}`} title={t(`clinical.perio.field.${mark}`)} />)}
              </div>
            )
          }
          const number = cellValue(value, row)
          const red = cellRed(value, row, thresholds)
          const active = editable && row === mode && isCursor(tooth, site)
          if (red) classes.push('perio-red')
          if (active) classes.push('perio-active')
          if (row === 'attachment') classes.push('perio-computed')
          if (cellText(number, row).length > 1) classes.push('perio-two')
          const label = t('perio.cellLabel', { tooth: formatTooth(tooth, numbering), site: t(`clinical.perio.site.${site}`), field: t(`clinical.perio.field.${row}`), value: number === null ? '—' : cellText(number, row) })
          return missing || !onPick || row === 'attachment' ? (
            <div key={key} className={classes.join(' ')} aria-label={label} title={label}>{missing ? '' : cellText(number, row)}</div>
          ) : (
            <button key={key} type="button" tabIndex={-1} className={classes.join(' ')} aria-label={label} title={label} aria-current={active || undefined} onClick={() => onPick({ tooth, site }, row)}>
              {cellText(number, row)}
            </button>
          )
        })
      })}
    </Fragment>
  ))

  const toothRow = (arch: (typeof gridArches)[number], what: 'number' | 'mobility' | 'furcation') => (
    <Fragment key={`${arch.arch}-${what}`}>
      <div className={`perio-label perio-label-${what}`}>{what === 'number' ? '' : t(`clinical.perio.field.${what}`)}</div>
      {arch.teeth.map((tooth) => {
        const entry = toothEntry(chart, tooth)
        const missing = entry?.missing === true
        if (what === 'number') {
          return (
            <div key={`${tooth}-n`} className={`perio-tooth ${missing ? 'perio-missing' : ''}`}>
              <PerioToothButton tooth={tooth} numbering={numbering} entry={entry} editable={editable && Boolean(onToothChange)} onChange={onToothChange} />
            </div>
          )
        }
        const value = entry && !missing ? entry[what] : null
        const red = entry ? toothRedFlags(entry, thresholds)[what] : false
        return (
          <div key={`${tooth}-${what}`} className={`perio-tooth-value ${missing ? 'perio-missing' : ''} ${red ? 'perio-red' : ''}`} aria-label={t('perio.toothValueLabel', { tooth: formatTooth(tooth, numbering), field: t(`clinical.perio.field.${what}`), value: value ?? '—' })}>
            {value ?? ''}
          </div>
        )
      })}
    </Fragment>
  )

  return (
    <div
      className={`perio-grid-wrap ${editable ? 'perio-editable' : ''}`}
      tabIndex={editable ? 0 : undefined}
      role={editable ? 'group' : undefined}
      aria-label={editable ? t('perio.gridLabel') : t('perio.chartLabel')}
      aria-describedby={editable ? 'perio-entry-hint' : undefined}
      onKeyDown={onKeyDown}
    >
      {gridArches.map((arch) => (
        <div key={arch.arch} className={`perio-grid perio-arch-${arch.arch}`}>
          {band(arch, arch.bands[0])}
          {arch.arch === 'upper' ? toothRow(arch, 'furcation') : null}
          {arch.arch === 'upper' ? toothRow(arch, 'mobility') : null}
          {toothRow(arch, 'number')}
          {arch.arch === 'lower' ? toothRow(arch, 'mobility') : null}
          {arch.arch === 'lower' ? toothRow(arch, 'furcation') : null}
          {band(arch, arch.bands[1])}
        </div>
      ))}
      {status && <div className="perio-status" aria-live="polite">{status}</div>}
    </div>
  )
}
