import { isFdiTooth, type FdiTooth } from './teeth'
import { isSurface, surfacesOf, type Surface } from './surfaces'

/**
 * Treatments done (the `treatment` service, issue 14 item 5): one line per thing done in a visit.
 * Pure rules shared by the server and the screens: which teeth and surfaces a line may name, and
 * the money of a line and of a visit (integer minor units, never floats).
 */

/** A tooth of a line, with the surfaces worked on (none: the whole tooth). */
export interface LineTooth {
  tooth: number
  surfaces?: readonly string[]
}

export type LineTeethProblem = 'tooth-unknown' | 'surface-not-on-tooth' | 'tooth-repeated'

/** The surfaces a treatment may name on a tooth: its five drawn ones and V (cervical, class V). */
export function lineSurfacesOf(tooth: FdiTooth): Surface[] {
  return [...surfacesOf(tooth), 'V']
}

/**
 * The first problem of a line's teeth, with its path (`teeth.2.surfaces`), or null. Teeth may be
 * empty (a whole-mouth service: cleaning, a consultation); surfaces are optional, but each one
 * named must be a surface of its tooth as stored (an O on an incisor is refused: the screens
 * normalise typed letters with `normalizeSurface`). A tooth is named once per line.
 */
export function lineTeethProblem(teeth: readonly LineTooth[]): { code: LineTeethProblem; path: string } | null {
  const seen = new Set<number>()
  for (const [index, entry] of teeth.entries()) {
    if (!isFdiTooth(entry.tooth)) return { code: 'tooth-unknown', path: `teeth.${index}.tooth` }
    if (seen.has(entry.tooth)) return { code: 'tooth-repeated', path: `teeth.${index}.tooth` }
    seen.add(entry.tooth)
    const allowed = lineSurfacesOf(entry.tooth)
    const surfaces = entry.surfaces ?? []
    if (surfaces.some((surface) => !isSurface(surface) || !allowed.includes(surface)) || new Set(surfaces).size !== surfaces.length) {
      return { code: 'surface-not-on-tooth', path: `teeth.${index}.surfaces` }
    }
  }
  return null
}

/** What the money of a line needs. */
export interface PricedLine {
  /** Price of one unit, minor units. */
  price: number
  quantity: number
}

/** The line's amount: unit price times quantity, minor units. */
export function lineAmount(line: PricedLine): number {
  return line.price * line.quantity
}

/** The amount of several lines (a visit's), minor units. */
export function linesTotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineAmount(line), 0)
}

/** What grouping lines by visit needs. */
export interface VisitLine extends PricedLine {
  appointmentId: string
  /** The visit's company-local day, YYYY-MM-DD. */
  visitDate: string
  createdAt: string
}

export interface VisitGroup<L extends VisitLine> {
  appointmentId: string
  visitDate: string
  lines: L[]
  total: number
}

/** Lines grouped by visit, the latest visit first; lines of a visit in the order they were written. */
export function groupByVisit<L extends VisitLine>(lines: readonly L[]): Array<VisitGroup<L>> {
  const groups = new Map<string, VisitGroup<L>>()
  for (const line of [...lines].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const group = groups.get(line.appointmentId) ?? { appointmentId: line.appointmentId, visitDate: line.visitDate, lines: [], total: 0 }
    group.lines.push(line)
    group.total += lineAmount(line)
    groups.set(line.appointmentId, group)
  }
  return [...groups.values()].sort((a, b) => b.visitDate.localeCompare(a.visitDate) || b.appointmentId.localeCompare(a.appointmentId))
}
