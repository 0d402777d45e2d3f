import type { AppointmentReport, RowFigure } from '../../../../server/src/services/reports/appointment-reports/appointment-reports.shared'
import type { AppointmentDrill } from './useAppointmentReports'

/** Whose load: doctors' (their hours) or chairs' (work places' open hours). */
export type LoadKind = 'doctors' | 'chairs'
export type LoadGrouping = 'byDoctor' | 'byChair' | 'byBranch'

/** Each load's figures: the rows behind its numerator and denominator, and its formula's key. */
export const loadKinds: Record<LoadKind, { booked: RowFigure; available: RowFigure; load: 'load' | 'chairLoad' }> = {
  doctors: { booked: 'bookedMinutes', available: 'availableMinutes', load: 'load' },
  chairs: { booked: 'chairBookedMinutes', available: 'chairAvailableMinutes', load: 'chairLoad' }
}

export interface LoadPair {
  booked: number
  available: number
}

export interface LoadTableLine {
  key: string
  name: string
  /** What its drill-down narrows to. */
  narrowing: Pick<AppointmentDrill, 'doctorId' | 'workPlaceId' | 'branchId'>
  minutes: Partial<Record<LoadKind, LoadPair>>
}

export interface LoadTable {
  /** The first column's title key (`reports.appointments.tables.<nameColumn>`). */
  nameColumn: 'doctor' | 'chair' | 'branch'
  kinds: LoadKind[]
  lines: LoadTableLine[]
  /** The report's totals (a doctor of two branches counts once here, in both branch lines). */
  totals: Record<LoadKind, LoadPair>
}

const pair = (line: { bookedMinutes: number; availableMinutes: number }): LoadPair => ({ booked: line.bookedMinutes, available: line.availableMinutes })

/**
 * The load section's three tables from the report: doctors with booked or working minutes;
 * every work place listed (named with its branch when the report spans several); branches with
 * both loads.
 */
export function loadTables(report: AppointmentReport, branchName: ReadonlyMap<string, string>): Record<LoadGrouping, LoadTable> {
  const totals = { doctors: pair(report.totals), chairs: pair(report.chairs.totals) }
  const doctors = report.byDoctor.filter((line) => line.key !== null && (line.bookedMinutes > 0 || line.availableMinutes > 0))
  const severalBranches = new Set(report.chairs.byChair.map((line) => line.branchId)).size > 1
  const branches = new Map<string, LoadTableLine>()
  const branchLine = (branchId: string) => {
    let line = branches.get(branchId)
    if (!line) branches.set(branchId, (line = { key: branchId, name: branchName.get(branchId) ?? '', narrowing: { branchId }, minutes: {} }))
    return line
  }
  for (const line of report.byBranch) if (line.key !== null && (line.bookedMinutes > 0 || line.availableMinutes > 0)) branchLine(line.key).minutes.doctors = pair(line)
  for (const line of report.chairs.byBranch) branchLine(line.key).minutes.chairs = pair(line)
  return {
    byDoctor: {
      nameColumn: 'doctor',
      kinds: ['doctors'],
      lines: doctors.map((line) => ({ key: line.key!, name: line.name, narrowing: { doctorId: line.key! }, minutes: { doctors: pair(line) } })),
      totals
    },
    byChair: {
      nameColumn: 'chair',
      kinds: ['chairs'],
      lines: report.chairs.byChair.map((line) => ({
        key: line.key,
        name: line.name && severalBranches && line.branchId ? `${line.name} · ${branchName.get(line.branchId) ?? '—'}` : line.name,
        narrowing: { workPlaceId: line.key },
        minutes: { chairs: pair(line) }
      })),
      totals
    },
    byBranch: {
      nameColumn: 'branch',
      kinds: ['doctors', 'chairs'],
      lines: [...branches.values()].sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key)),
      totals
    }
  }
}
