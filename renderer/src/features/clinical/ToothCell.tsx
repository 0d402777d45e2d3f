import type { FocusEvent, KeyboardEvent, MouseEvent } from 'react'
import { conditionOf, isToothAbsent, type ChartFinding } from '../../../../domain/clinical/conditions'
import type { Surface } from '../../../../domain/clinical/surfaces'
import type { Arch, FdiTooth } from '../../../../domain/clinical/teeth'
import { linePaint } from './paint'
import { SurfaceDiagram } from './SurfaceDiagram'
import { ToothProfile } from './ToothProfile'
import { APEX, SURFACE_SIZE } from './tooth-shapes'
import { CELL, ROW_PARTS } from './odontogram-layout'

const ROMAN = ['', 'I', 'II', 'III']

export interface ToothCellProps {
  tooth: FdiTooth
  arch: Arch
  x: number
  y: number
  scale: number
  label: string
  ariaLabel: string
  findings: readonly ChartFinding[]
  selected: boolean
  /** Treatment planned on it in a plan. */
  planned?: boolean
  selectedSurfaces: readonly Surface[]
  focusable: boolean
  readOnly: boolean
  idPrefix: string
  surfaceTitle: (surface: Surface) => string
  register: (tooth: FdiTooth, element: SVGGElement | null) => void
  onToothClick: (tooth: FdiTooth, event: MouseEvent) => void
  onSurfaceClick: (tooth: FdiTooth, surface: Surface, event: MouseEvent) => void
  onFocus: (tooth: FdiTooth, event: FocusEvent) => void
  onKeyDown: (event: KeyboardEvent<SVGGElement>) => void
}

/**
 * One tooth of the chart: number, side view and surface diagram, stacked away from the bite line
 * (number outermost). The group is the focusable, clickable tooth; surfaces take their own clicks.
 */
export function ToothCell(props: ToothCellProps) {
  const { tooth, arch, x, y, scale, findings, selected, focusable, readOnly, idPrefix } = props
  const upper = arch === 'upper'
  const profileHeight = APEX * scale
  const surfacesHeight = SURFACE_SIZE * scale
  const height = ROW_PARTS.number + (ROW_PARTS.profile + ROW_PARTS.gap + ROW_PARTS.surfaces) * scale
  const centre = CELL / 2
  // Upper: number, profile (roots up), surfaces. Lower: surfaces, profile (crown up), number.
  const numberY = upper ? 12 : height - 3
  const profileTop = upper ? ROW_PARTS.number : surfacesHeight + ROW_PARTS.gap * scale
  const surfacesTop = upper ? ROW_PARTS.number + (ROW_PARTS.profile + ROW_PARTS.gap) * scale : 0
  const absent = isToothAbsent({ findings: [...findings] })
  const mobility = [...findings].reverse().find((finding) => conditionOf(finding.code).mark === 'mobility')

  return (
    <g
      ref={(element) => props.register(tooth, element)}
      className={`odontogram-tooth${selected ? ' is-selected' : ''}${absent ? ' is-absent' : ''}${props.planned ? ' is-planned' : ''}`}
      transform={`translate(${x},${y})`}
      role="button"
      tabIndex={focusable ? 0 : -1}
      aria-label={props.ariaLabel}
      aria-pressed={selected}
      aria-disabled={readOnly || undefined}
      data-fdi={tooth}
      onClick={readOnly ? undefined : (event) => props.onToothClick(tooth, event)}
      onFocus={(event) => props.onFocus(tooth, event)}
      onKeyDown={props.onKeyDown}
    >
      <rect className="odontogram-cell" x={1} y={0} width={CELL - 2} height={height} rx={6} />
      <text className="odontogram-number" x={centre} y={numberY} textAnchor="middle" fontSize={scale < 1 ? 10.5 : 12}>{props.label}</text>
      <g transform={upper ? `translate(${centre},${profileTop + profileHeight}) scale(${scale},${-scale})` : `translate(${centre},${profileTop}) scale(${scale})`}>
        <ToothProfile tooth={tooth} findings={findings} idPrefix={idPrefix} />
      </g>
      {mobility && (
        <text className="odontogram-mobility" x={CELL - 4} y={upper ? profileTop + profileHeight - 6 : profileTop + 12} textAnchor="end" fontSize={9} fill={linePaint(mobility).stroke}>
          {ROMAN[mobility.degree ?? 0]}
        </text>
      )}
      {!absent && (
        <g transform={`translate(${centre},${surfacesTop}) scale(${scale})`}>
          <SurfaceDiagram
            tooth={tooth}
            findings={findings}
            selected={props.selectedSurfaces}
            idPrefix={idPrefix}
            surfaceTitle={props.surfaceTitle}
            onSurfaceClick={(surface, event) => props.onSurfaceClick(tooth, surface, event)}
            disabled={readOnly}
          />
        </g>
      )}
      {props.planned && <rect className="odontogram-planned" x={3} y={2} width={CELL - 6} height={height - 4} rx={5} data-testid={`planned-${tooth}`} />}
      <rect className="odontogram-focus" x={2} y={1} width={CELL - 4} height={height - 2} rx={6} />
    </g>
  )
}
