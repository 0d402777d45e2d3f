import { conditionOf, statusStyles, type ChartFinding, type ConditionCode } from '../../../../domain/clinical/conditions'

/** SVG paint of a finding: its code's colour in its status's style (planned hatched and dashed). */
export interface Paint {
  fill: string
  fillOpacity: number
  stroke: string
  strokeDasharray?: string
  strokeWidth: number
}

export const hatchId = (code: ConditionCode) => `odontogram-hatch-${code}`

const DARK_EDGE = '#262626'

export function paintOf(finding: ChartFinding, idPrefix: string): Paint {
  const { color } = conditionOf(finding.code)
  const style = statusStyles[finding.status]
  const fill = style.fill === 'hatched' ? `url(#${idPrefix}${hatchId(finding.code)})` : color
  if (style.stroke === 'dashed') return { fill, fillOpacity: style.opacity, stroke: color, strokeDasharray: '3 2', strokeWidth: 1.4 }
  if (style.stroke === 'dark') return { fill, fillOpacity: style.opacity, stroke: DARK_EDGE, strokeWidth: 1.2 }
  return { fill, fillOpacity: style.opacity, stroke: color, strokeWidth: 1 }
}

/** The stroke-only form of a paint, for marks drawn as lines (canals, crosses). */
export function linePaint(finding: ChartFinding): { stroke: string; strokeDasharray?: string; strokeOpacity: number } {
  const { color } = conditionOf(finding.code)
  const style = statusStyles[finding.status]
  return { stroke: color, strokeDasharray: style.stroke === 'dashed' ? '3 2' : undefined, strokeOpacity: style.fill === 'hatched' ? 1 : Math.max(style.opacity, 0.8) }
}
