/**
 * X-rays (issue 15, item 4; docs/decisions/clinical-xrays.md): the kinds of image, the dose
 * unit, the company's default doses and the patient's dose totals. Without imports, so the
 * company settings can carry the default doses without pulling the chart into the first bundle.
 *
 * Dose unit: an integer number of tenths of a microsievert (0.1 µSv), the effective dose of one
 * exposure, as money is integer minor units: sums are exact and 0.1 µSv is finer than any
 * dental device states its dose. A record's dose is `dose × quantity`.
 */

export const xrayTypes = ['intraoral', 'orthopantomogram', 'ctScan', 'lateralTrg', 'frontTrg', 'tmj4', 'tmj6'] as const
export type XrayType = (typeof xrayTypes)[number]

/** Types that image named teeth: the teeth are required (spec section 5: "teeth must be selected where required"). */
export const xrayTypesNeedingTeeth: readonly XrayType[] = ['intraoral']

/** Tenths of a microsievert in one microsievert. */
export const DOSE_SCALE = 10
/** The largest dose of one exposure: 2000 µSv (a large-field CBCT is about 1100 µSv at most). */
export const MAX_XRAY_DOSE = 2000 * DOSE_SCALE
/** The most exposures one record counts (a full-mouth intraoral series is about 20). */
export const MAX_XRAY_QUANTITY = 50
/** At most this many teeth on one X-ray (a whole mixed dentition). */
export const MAX_XRAY_TEETH = 52
export const MAX_XRAY_FINDINGS = 4000

export type XrayDoses = Record<XrayType, number>

/**
 * Typical effective doses of one exposure, in 0.1 µSv (sources in docs/decisions/clinical-xrays.md):
 * intraoral 5 µSv, panoramic 20 µSv, CBCT 100 µSv, cephalograms 5 µSv, TMJ series 20 and 30 µSv.
 * A clinic sets its own devices' figures in the company settings.
 */
export const defaultXrayDoses: Readonly<XrayDoses> = {
  intraoral: 50,
  orthopantomogram: 200,
  ctScan: 1000,
  lateralTrg: 50,
  frontTrg: 50,
  tmj4: 200,
  tmj6: 300
}

/** A dose is a whole number of tenths of a µSv from 0 to MAX_XRAY_DOSE. */
export function isXrayDose(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_XRAY_DOSE
}

/** The first type of a company's default doses that is not a valid dose; null when all are. */
export function xrayDosesProblem(doses: Partial<Record<string, unknown>>): XrayType | null {
  for (const type of xrayTypes) if (doses[type] !== undefined && !isXrayDose(doses[type])) return type
  return null
}

/** A company's default doses: its own settings over the defaults (unset or invalid values fall back). */
export function xrayDoses(company?: Partial<Record<string, unknown>> | null): XrayDoses {
  const merged = { ...defaultXrayDoses }
  for (const type of xrayTypes) {
    const value = company?.[type]
    if (isXrayDose(value)) merged[type] = value
  }
  return merged
}

/** A dose in 0.1 µSv as µSv (for display and the form). */
export const doseToMicroSv = (dose: number) => dose / DOSE_SCALE
/** µSv as typed (at most one decimal counts) into 0.1 µSv. */
export const microSvToDose = (microSv: number) => Math.round(microSv * DOSE_SCALE)

/** What one record adds to the patient's total: the dose of one exposure times the exposures. */
export const xrayTotalDose = (xray: { dose: number; quantity: number }) => xray.dose * xray.quantity

const pad = (value: number) => String(value).padStart(2, '0')

/** The last day of the month of `year`/`month` (1-12). */
function lastDay(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/**
 * The two windows of a patient's dose, both ending on `asOf` (a company-local YYYY-MM-DD) and
 * including it: the calendar year (from 1 January of asOf's year; what the dose sheet of the
 * patient's card counts) and the last twelve months (from the day after the same
 * day a year earlier; 29 February a year later counts from 1 March).
 */
export function doseWindows(asOf: string): { year: { from: string; to: string }; last12Months: { from: string; to: string } } {
  const [year, month, day] = asOf.split('-').map(Number)
  const previous = year - 1
  const sameDay = Math.min(day, lastDay(previous, month))
  const dayAfter = new Date(Date.UTC(previous, month - 1, sameDay + 1))
  const from12 = `${dayAfter.getUTCFullYear()}-${pad(dayAfter.getUTCMonth() + 1)}-${pad(dayAfter.getUTCDate())}`
  return { year: { from: `${year}-01-01`, to: asOf }, last12Months: { from: from12, to: asOf } }
}

/** The patient's totals: each window's dose (0.1 µSv) and exposures. */
export interface DoseTotals {
  asOf: string
  year: { from: string; to: string; dose: number; exposures: number }
  last12Months: { from: string; to: string; dose: number; exposures: number }
}

/** The totals of `xrays` as of `asOf` (the server sums in SQL; this is the same rule, for tests and forms). */
export function doseTotalsOf(xrays: ReadonlyArray<{ date: string; dose: number; quantity: number }>, asOf: string): DoseTotals {
  const windows = doseWindows(asOf)
  const sum = (window: { from: string; to: string }) => {
    const inside = xrays.filter((xray) => xray.date >= window.from && xray.date <= window.to)
    return { ...window, dose: inside.reduce((total, xray) => total + xrayTotalDose(xray), 0), exposures: inside.reduce((total, xray) => total + xray.quantity, 0) }
  }
  return { asOf, year: sum(windows.year), last12Months: sum(windows.last12Months) }
}
