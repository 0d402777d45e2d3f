import { archOf, isPrimary, kindOf, rootCount, type FdiTooth } from '../../../../domain/clinical/teeth'

/**
 * Side-view outlines of a tooth in a local box for a tooth standing crown up: x = 0 is the tooth's
 * axis, the crown runs from y = 0 (biting edge) to the cervical line at y = CERVICAL, the roots to
 * y = APEX. Upper teeth are drawn flipped. Shapes are schematic (an incisor is a blade, a canine a
 * point, a premolar two cusps, a molar three), enough to tell teeth apart at a glance.
 */
export const CERVICAL = 26
export const APEX = 74

interface Widths {
  /** Half-width at the widest point of the crown. */
  crown: number
  /** Half-width at the neck. */
  neck: number
}

function widthsOf(tooth: FdiTooth): Widths {
  const kind = kindOf(tooth)
  const upper = archOf(tooth) === 'upper'
  if (kind === 'molar') return isPrimary(tooth) ? { crown: 13, neck: 9.5 } : { crown: 15, neck: 11 }
  if (kind === 'premolar') return { crown: 10, neck: 7 }
  if (kind === 'canine') return { crown: 8.5, neck: 6 }
  // Upper central incisors are the widest front teeth, lower incisors the narrowest.
  if (upper) return tooth % 10 === 1 ? { crown: 9.5, neck: 6.5 } : { crown: 7.5, neck: 5.5 }
  return { crown: 6.5, neck: 4.5 }
}

const f = (value: number) => Math.round(value * 10) / 10

/** The crown outline, biting edge at the top. */
export function crownPath(tooth: FdiTooth): string {
  const { crown: w, neck: n } = widthsOf(tooth)
  const sides = (top: string) => `M ${f(-n)},${CERVICAL} C ${f(-w)},18 ${f(-w)},8 ${f(-w + 1)},4 ${top} C ${f(w)},8 ${f(w)},18 ${f(n)},${CERVICAL} Z`
  switch (kindOf(tooth)) {
    case 'incisor': return sides(`Q ${f(-w + 1)},1 ${f(-w + 3)},1 L ${f(w - 3)},1 Q ${f(w - 1)},1 ${f(w - 1)},4`)
    case 'canine': return sides(`L 0,0 L ${f(w - 1)},4`)
    case 'premolar': return sides(`Q ${f(-w / 2)},-1 0,4 Q ${f(w / 2)},-1 ${f(w - 1)},4`)
    default: return sides(`Q ${f(-w * 0.66)},-1 ${f(-w / 3)},4 Q 0,0 ${f(w / 3)},4 Q ${f(w * 0.66)},-1 ${f(w - 1)},4`)
  }
}

/** Where the roots end (for the periapical mark), left to right; a third middle root last. */
export function apexPoints(tooth: FdiTooth): { x: number; y: number }[] {
  const { neck: n } = widthsOf(tooth)
  const count = rootCount(tooth)
  if (count === 1) return [{ x: 0, y: APEX }]
  const pair = [{ x: f(-n + 3), y: APEX - 2 }, { x: f(n - 3), y: APEX - 2 }]
  return count === 3 ? [...pair, { x: 0, y: APEX - 4 }] : pair
}

/** The roots: one outline, split at the furcation for two roots; a third root drawn behind. */
export function rootPaths(tooth: FdiTooth): { front: string; back: string | null } {
  const { neck: n } = widthsOf(tooth)
  if (rootCount(tooth) === 1) {
    return { front: `M ${f(-n)},${CERVICAL} C ${f(-n + 1)},50 -2,${APEX} 0,${APEX} C 2,${APEX} ${f(n - 1)},50 ${f(n)},${CERVICAL} Z`, back: null }
  }
  const tip = APEX - 2
  const front =
    `M ${f(-n)},${CERVICAL} C ${f(-n)},50 ${f(-n + 1)},${tip} ${f(-n + 3)},${tip} C ${f(-n + 5)},${tip} -2,46 0,37 ` +
    `C 2,46 ${f(n - 5)},${tip} ${f(n - 3)},${tip} C ${f(n - 1)},${tip} ${f(n)},50 ${f(n)},${CERVICAL} Z`
  const back = rootCount(tooth) === 3 ? `M -3.5,${CERVICAL + 2} C -3.5,52 -1,${APEX - 4} 0,${APEX - 4} C 1,${APEX - 4} 3.5,52 3.5,${CERVICAL + 2} Z` : null
  return { front, back }
}

/** The root canals, from the pulp chamber to each apex. */
export function canalPaths(tooth: FdiTooth): string[] {
  return apexPoints(tooth).map((apex) => `M 0,${CERVICAL - 4} L ${apex.x * 0.85},${apex.y - 3}`)
}

/** Half-width of the crown, for marks placed beside it. */
export function crownHalfWidth(tooth: FdiTooth): number {
  return widthsOf(tooth).crown
}

/** The five places of the surface diagram, a square of side 30 centred on x = 0, top at y = 0. */
export const SURFACE_SIZE = 30
export const surfaceShapes = {
  top: 'M -15,0 L 15,0 L 6,9 L -6,9 Z',
  bottom: 'M -15,30 L 15,30 L 6,21 L -6,21 Z',
  left: 'M -15,0 L -6,9 L -6,21 L -15,30 Z',
  right: 'M 15,0 L 6,9 L 6,21 L 15,30 Z',
  centre: 'M -6,9 L 6,9 L 6,21 L -6,21 Z'
} as const
export type DiagramPart = keyof typeof surfaceShapes
