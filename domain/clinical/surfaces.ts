import { archOf, isAnterior, type FdiTooth } from './teeth'

/**
 * Tooth surfaces, Open Dental's letters (`MOIDBFLV`): M mesial, O occlusal, I incisal, D distal,
 * B buccal, F facial (labial), L lingual (palatal in the upper arch), V cervical (class V).
 *
 * Every tooth has five drawn surfaces: M, D, the biting one (O posterior, I anterior), the outer
 * one (B posterior, F anterior) and the inner one (L). V is stored where a class V lesion is
 * charted and drawn on the outer surface. "P" (palatal) is accepted as input and stored as L.
 */
export type Surface = 'M' | 'O' | 'I' | 'D' | 'B' | 'F' | 'L' | 'V'
export const surfaceCodes: readonly Surface[] = ['M', 'O', 'I', 'D', 'B', 'F', 'L', 'V']

/** The five drawn places of a tooth: the same for every tooth, whatever its letters. */
export type SurfacePlace = 'mesial' | 'distal' | 'biting' | 'outer' | 'inner'
export const surfacePlaces: readonly SurfacePlace[] = ['mesial', 'biting', 'distal', 'outer', 'inner']

export function isSurface(value: unknown): value is Surface {
  return typeof value === 'string' && (surfaceCodes as readonly string[]).includes(value)
}

/** The surface letter of a place on a tooth: biting is O or I, outer B or F. */
export function surfaceAt(tooth: FdiTooth, place: SurfacePlace): Surface {
  const anterior = isAnterior(tooth)
  switch (place) {
    case 'mesial': return 'M'
    case 'distal': return 'D'
    case 'biting': return anterior ? 'I' : 'O'
    case 'outer': return anterior ? 'F' : 'B'
    default: return 'L'
  }
}

/** Where a surface is drawn (V, cervical, on the outer surface). */
export function placeOf(surface: Surface): SurfacePlace {
  switch (surface) {
    case 'M': return 'mesial'
    case 'D': return 'distal'
    case 'O': case 'I': return 'biting'
    case 'B': case 'F': case 'V': return 'outer'
    default: return 'inner'
  }
}

/** The five surfaces of a tooth in chart order: M, O/I, D, B/F, L. */
export function surfacesOf(tooth: FdiTooth): Surface[] {
  return (['mesial', 'biting', 'distal', 'outer', 'inner'] as const).map((place) => surfaceAt(tooth, place))
}

/**
 * A letter typed or imported for a tooth, as the letter stored for it: O on an incisor is I, B on
 * an incisor is F (and back for a molar), P is L. Null when the letter is no surface. Case-blind.
 */
export function normalizeSurface(tooth: FdiTooth, letter: string): Surface | null {
  const upper = letter.trim().toUpperCase()
  if (upper === 'P') return 'L'
  if (upper === 'V') return 'V'
  if (!isSurface(upper)) return null
  return surfaceAt(tooth, placeOf(upper))
}

/** Surfaces in chart order without duplicates (M O I D B F L V). */
export function sortSurfaces(surfaces: Iterable<Surface>): Surface[] {
  const set = new Set(surfaces)
  return surfaceCodes.filter((surface) => set.has(surface))
}

/** Short label key: L in the upper arch reads "P" (palatal). */
export type SurfaceName = 'mesial' | 'occlusal' | 'incisal' | 'distal' | 'buccal' | 'labial' | 'lingual' | 'palatal' | 'cervical'

/**
 * The name of a surface on a tooth, by arch: the inner surface is palatal in the upper arch and
 * lingual in the lower one. Locale texts live under `clinical.surface.<name>` (full name) and
 * `clinical.surfaceShort.<name>` (one or two letters, e.g. "P" for palatal in English).
 */
export function surfaceName(tooth: FdiTooth, surface: Surface): SurfaceName {
  switch (surface) {
    case 'M': return 'mesial'
    case 'D': return 'distal'
    case 'O': return 'occlusal'
    case 'I': return 'incisal'
    case 'B': return 'buccal'
    case 'F': return 'labial'
    case 'V': return 'cervical'
    default: return archOf(tooth) === 'upper' ? 'palatal' : 'lingual'
  }
}

/** i18n keys of a surface's full and short name on a tooth. */
export function surfaceLabelKeys(tooth: FdiTooth, surface: Surface): { name: string; short: string } {
  const name = surfaceName(tooth, surface)
  return { name: `clinical.surface.${name}`, short: `clinical.surfaceShort.${name}` }
}
