import { chartColumn, permanentRows, primaryRows, type Arch, type Dentition, type FdiTooth } from '../../../../domain/clinical/teeth'

/** One drawn row of teeth: the dentist's view, the patient's right on the left. */
export interface OdontogramRow {
  arch: Arch
  primary: boolean
  teeth: readonly FdiTooth[]
}

/**
 * The rows of a dentition top to bottom. A mixed dentition has four: the permanent rows outside,
 * the primary rows next to the bite line, each primary tooth in its successor's column.
 */
export function odontogramRows(dentition: Dentition): OdontogramRow[] {
  const upperPermanent: OdontogramRow = { arch: 'upper', primary: false, teeth: permanentRows.upper }
  const lowerPermanent: OdontogramRow = { arch: 'lower', primary: false, teeth: permanentRows.lower }
  const upperPrimary: OdontogramRow = { arch: 'upper', primary: true, teeth: primaryRows.upper }
  const lowerPrimary: OdontogramRow = { arch: 'lower', primary: true, teeth: primaryRows.lower }
  if (dentition === 'permanent') return [upperPermanent, lowerPermanent]
  if (dentition === 'primary') return [upperPrimary, lowerPrimary]
  return [upperPermanent, upperPrimary, lowerPrimary, lowerPermanent]
}

/** Where a tooth is in the rows: row index and its place in that row. */
export function locate(rows: readonly OdontogramRow[], tooth: FdiTooth): { row: number; index: number } | null {
  for (let row = 0; row < rows.length; row += 1) {
    const index = rows[row].teeth.indexOf(tooth)
    if (index >= 0) return { row, index }
  }
  return null
}

/** The tooth of a row nearest to a chart column (moving up or down keeps the column). */
export function nearestInRow(row: OdontogramRow, column: number): FdiTooth {
  let best = row.teeth[0]
  for (const tooth of row.teeth) {
    if (Math.abs(chartColumn(tooth) - column) < Math.abs(chartColumn(best) - column)) best = tooth
  }
  return best
}

// Geometry in SVG user units (the SVG scales to its box; 16 columns of 44 fit a 760 px width).
export const CELL = 44
export const MIDLINE_GAP = 14
export const SIDE_PAD = 8
export const CHART_WIDTH = SIDE_PAD * 2 + CELL * 16 + MIDLINE_GAP

/** Left x of a chart column (the gap at the midline between columns 7 and 8). */
export function columnX(column: number): number {
  return SIDE_PAD + column * CELL + (column >= 8 ? MIDLINE_GAP : 0)
}

/** Heights of a row's parts at scale 1: the number, the tooth's side view, the surface diagram. */
export const ROW_PARTS = { number: 20, profile: 74, gap: 4, surfaces: 32, pad: 6 }
export const PRIMARY_SCALE = 0.8

export function rowHeight(row: OdontogramRow): number {
  const scale = row.primary ? PRIMARY_SCALE : 1
  return ROW_PARTS.number + (ROW_PARTS.profile + ROW_PARTS.gap + ROW_PARTS.surfaces) * scale + ROW_PARTS.pad
}

/** Space between the upper and lower arches, where the bite line is drawn. */
export const BITE_GAP = 18

/** Vertical gap between the permanent and primary rows of one arch. */
export const ROW_GAP = 4

/** Each row with its top y, and the chart's height and bite line. */
export function placeRows(rows: readonly OdontogramRow[]): { placed: { row: OdontogramRow; top: number }[]; height: number; biteY: number } {
  const placed: { row: OdontogramRow; top: number }[] = []
  let y = 0
  let biteY = 0
  rows.forEach((row, index) => {
    if (index > 0 && rows[index - 1].arch !== row.arch) {
      biteY = y + BITE_GAP / 2
      y += BITE_GAP
    } else if (index > 0) y += ROW_GAP
    placed.push({ row, top: y })
    y += rowHeight(row)
  })
  return { placed, height: y, biteY }
}
