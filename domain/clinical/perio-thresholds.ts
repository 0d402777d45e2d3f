/**
 * The perio chart's ranges and the company's red thresholds, apart from the chart's maths
 * (perio.ts) and without imports, so the company settings can carry them without pulling the
 * dental chart into every screen's first bundle.
 */
export const DEPTH_MIN = 0
export const DEPTH_MAX = 19
export const MARGIN_MIN = -9
export const MARGIN_MAX = 9
export const GRADE_MAX = 3

// Red thresholds: a value at or beyond its threshold shows red.

export interface PerioThresholds {
  /** Pocket depth at or above this is red (default 4 mm). */
  depth: number
  /** Attachment loss at or above this is red (default 4 mm). */
  attachment: number
  /** Recession (as a positive number of mm) at or above this is red (default 3 mm). */
  recession: number
  /** Mobility at or above this is red (default 2). */
  mobility: number
  /** Furcation at or above this is red (default 2). */
  furcation: number
}

export const defaultPerioThresholds: Readonly<PerioThresholds> = { depth: 4, attachment: 4, recession: 3, mobility: 2, furcation: 2 }

/**
 * What a company may set each threshold to (whole numbers): a depth within the probe's 1-19 mm,
 * attachment loss up to 28 mm (PD 19 with 9 mm of recession), recession 1-9 mm, grades 1-3.
 */
export const perioThresholdLimits: Readonly<Record<keyof PerioThresholds, { min: number; max: number }>> = {
  depth: { min: 1, max: DEPTH_MAX },
  attachment: { min: 1, max: DEPTH_MAX - MARGIN_MIN },
  recession: { min: 1, max: MARGIN_MAX },
  mobility: { min: 1, max: GRADE_MAX },
  furcation: { min: 1, max: GRADE_MAX }
}
export const perioThresholdKeys = Object.keys(defaultPerioThresholds) as (keyof PerioThresholds)[]

/** The first threshold of a company's setting that is not a whole number within its limits; null when all are. */
export function perioThresholdProblem(thresholds: Partial<Record<keyof PerioThresholds, unknown>>): keyof PerioThresholds | null {
  for (const key of perioThresholdKeys) {
    const value = thresholds[key]
    if (value === undefined) continue
    const { min, max } = perioThresholdLimits[key]
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) return key
  }
  return null
}

/** A company's thresholds: its own settings over the defaults (unset or invalid values fall back). */
export function perioThresholds(company?: Partial<PerioThresholds> | null): PerioThresholds {
  const merged = { ...defaultPerioThresholds }
  for (const key of Object.keys(merged) as (keyof PerioThresholds)[]) {
    const value = company?.[key]
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) merged[key] = value
  }
  return merged
}

