import { useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { conditionTable, effectiveFindings, type ToothChartState } from '../../../../domain/clinical/conditions'
import { surfaceName, type Surface } from '../../../../domain/clinical/surfaces'
import { chartColumn, formatTooth, type Dentition, type FdiTooth, type ToothNumbering } from '../../../../domain/clinical/teeth'
import { CHART_WIDTH, MIDLINE_GAP, PRIMARY_SCALE, columnX, odontogramRows, placeRows } from './odontogram-layout'
import {
  isSelected, odontogramKey, selectModeOf, selectTooth, selectedSurfaces, toggleSurface,
  type NavigationState, type OdontogramSelection, type ToothSelection
} from './odontogram-selection'
import { hatchId } from './paint'
import { describeTooth, type Translate } from './tooth-description'
import { ToothCell } from './ToothCell'

export interface OdontogramChartProps {
  dentition: Dentition
  numbering: ToothNumbering
  /** What is charted, by FDI tooth; teeth not listed are drawn intact. */
  teeth?: Readonly<Partial<Record<number, ToothChartState>>>
  selection: OdontogramSelection
  onSelectionChange?: (selection: ToothSelection[]) => void
  /** Draws the chart without taking clicks (a past date's chart, a role that may only view). */
  readOnly?: boolean
  /** The chart's accessible name; "Dental chart" by default. */
  ariaLabel?: string
  /** Teeth with treatment planned in a plan (drawn with a dashed frame, the chart's planned style). */
  plannedTeeth?: ReadonlySet<number>
}

/**
 * The whole mouth as an SVG odontogram. Presentational: what is charted and what is selected
 * come in as props, selection changes go out through onSelectionChange; only keyboard focus
 * (which tooth the arrows are on) lives here.
 */
export function OdontogramChart({ dentition, numbering, teeth = {}, selection, onSelectionChange, readOnly = false, ariaLabel, plannedTeeth }: OdontogramChartProps) {
  const { t } = useTranslation()
  const translate: Translate = (key, options) => t(key, options)
  const idPrefix = `odg${useId().replace(/[^a-zA-Z0-9]/g, '')}-`
  const rows = useMemo(() => odontogramRows(dentition), [dentition])
  const elements = useRef(new Map<FdiTooth, SVGGElement>())
  const [nav, setNav] = useState<NavigationState>({ focus: rows[0].teeth[0], anchor: null })
  const focus = rows.some((row) => row.teeth.includes(nav.focus)) ? nav.focus : rows[0].teeth[0]
  const change = (next: ToothSelection[]) => onSelectionChange?.(next)

  const onToothClick = (tooth: FdiTooth, event: MouseEvent) => {
    const mode = selectModeOf(event)
    change(selectTooth(selection, rows, tooth, mode, nav.anchor))
    setNav({ focus: tooth, anchor: mode === 'range' ? nav.anchor ?? tooth : tooth })
  }
  const onSurfaceClick = (tooth: FdiTooth, surface: Surface, event: MouseEvent) => {
    change(toggleSurface(selection, tooth, surface, event.ctrlKey || event.metaKey || event.shiftKey))
    setNav({ focus: tooth, anchor: tooth })
  }
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (readOnly && event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
    const outcome = odontogramKey(rows, { ...nav, focus }, selection, event)
    if (!outcome.handled) return
    event.preventDefault()
    setNav(outcome.state)
    if (outcome.selection !== selection) change([...outcome.selection])
    if (outcome.state.focus !== focus) elements.current.get(outcome.state.focus)?.focus()
  }

  const { placed, height, biteY } = placeRows(rows)
  const midlineX = columnX(8) - MIDLINE_GAP / 2

  return (
    <svg
      className="odontogram-svg"
      viewBox={`0 0 ${CHART_WIDTH} ${height}`}
      role="group"
      aria-label={ariaLabel ?? t('clinical.chart.label')}
      data-numbering={numbering}
      data-dentition={dentition}
    >
      <defs>
        {conditionTable.map((definition) => (
          <pattern key={definition.code} id={`${idPrefix}${hatchId(definition.code)}`} width={5} height={5} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width={5} height={5} fill="#ffffff" />
            <line x1={0} y1={0} x2={0} y2={5} stroke={definition.color} strokeWidth={2.2} />
          </pattern>
        ))}
      </defs>
      <line className="odontogram-bite" x1={4} x2={CHART_WIDTH - 4} y1={biteY} y2={biteY} />
      <line className="odontogram-midline" x1={midlineX} x2={midlineX} y1={0} y2={height} />
      {placed.map(({ row, top }) => (
        <g key={`${row.arch}-${row.primary}`} className="odontogram-row">
          {row.teeth.map((tooth) => {
            const state = teeth[tooth]
            return (
              <ToothCell
                key={tooth}
                tooth={tooth}
                arch={row.arch}
                x={columnX(chartColumn(tooth))}
                y={top}
                scale={row.primary ? PRIMARY_SCALE : 1}
                label={formatTooth(tooth, numbering)}
                ariaLabel={describeTooth(tooth, state, numbering, translate)}
                findings={effectiveFindings(state)}
                selected={isSelected(selection, tooth)}
                planned={plannedTeeth?.has(tooth) ?? false}
                selectedSurfaces={selectedSurfaces(selection, tooth)}
                focusable={tooth === focus}
                readOnly={readOnly}
                idPrefix={idPrefix}
                surfaceTitle={(surface) => t(`clinical.surface.${surfaceName(tooth, surface)}`)}
                register={(key, element) => { if (element) elements.current.set(key, element); else elements.current.delete(key) }}
                onToothClick={onToothClick}
                onSurfaceClick={onSurfaceClick}
                onFocus={(key) => setNav((current) => (current.focus === key ? current : { ...current, focus: key }))}
                onKeyDown={onKeyDown}
              />
            )
          })}
        </g>
      ))}
    </svg>
  )
}
