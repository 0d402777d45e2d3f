import type { MouseEvent } from 'react'
import { findingOnSurface, type ChartFinding } from '../../../../domain/clinical/conditions'
import { surfaceAt, type Surface, type SurfacePlace } from '../../../../domain/clinical/surfaces'
import { archOf, sideOf, type FdiTooth } from '../../../../domain/clinical/teeth'
import { paintOf } from './paint'
import { surfaceShapes, type DiagramPart } from './tooth-shapes'

/**
 * Which part of the diagram shows which place, as the dentist sees the chart: the outer (buccal,
 * labial) surface away from the bite line (on top for upper teeth), mesial toward the midline.
 */
export function diagramPlaces(tooth: FdiTooth): Record<DiagramPart, SurfacePlace> {
  const upper = archOf(tooth) === 'upper'
  const mesialOnRight = sideOf(tooth) === 'right'
  return {
    top: upper ? 'outer' : 'inner',
    bottom: upper ? 'inner' : 'outer',
    left: mesialOnRight ? 'distal' : 'mesial',
    right: mesialOnRight ? 'mesial' : 'distal',
    centre: 'biting'
  }
}

interface Props {
  tooth: FdiTooth
  findings: readonly ChartFinding[]
  selected: readonly Surface[]
  idPrefix: string
  surfaceTitle: (surface: Surface) => string
  onSurfaceClick?: (surface: Surface, event: MouseEvent) => void
  disabled: boolean
}

/** The five clickable surfaces of a tooth, coloured by what is charted on them. */
export function SurfaceDiagram({ tooth, findings, selected, idPrefix, surfaceTitle, onSurfaceClick, disabled }: Props) {
  const places = diagramPlaces(tooth)
  return (
    <g className="odontogram-surfaces">
      {(Object.keys(surfaceShapes) as DiagramPart[]).map((part) => {
        const surface = surfaceAt(tooth, places[part])
        // A class V (cervical) lesion is drawn on the outer surface.
        const finding = findingOnSurface(findings, surface) ?? (places[part] === 'outer' ? findingOnSurface(findings, 'V') : null)
        const paint = finding ? paintOf(finding, idPrefix) : { fill: '#ffffff', fillOpacity: 1, stroke: '#8c8c8c', strokeWidth: 0.9 }
        const isSelected = selected.includes(surface)
        return (
          <path
            key={part}
            d={surfaceShapes[part]}
            className={`odontogram-surface${isSelected ? ' is-selected' : ''}`}
            data-surface={surface}
            fill={!finding && isSelected ? '#bae0ff' : paint.fill}
            fillOpacity={paint.fillOpacity}
            stroke={isSelected ? '#0958d9' : paint.stroke}
            strokeDasharray={isSelected ? undefined : 'strokeDasharray' in paint ? paint.strokeDasharray : undefined}
            strokeWidth={isSelected ? 2 : paint.strokeWidth}
            strokeLinejoin="round"
            onClick={disabled || !onSurfaceClick ? undefined : (event) => { event.stopPropagation(); onSurfaceClick(surface, event) }}
          >
            <title>{surfaceTitle(surface)}</title>
          </path>
        )
      })}
    </g>
  )
}
