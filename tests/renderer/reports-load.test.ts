import { loadPercent } from '../../domain/reports/load'
import { loadTables } from '../../renderer/src/features/reports/load-lines'
import type { AppointmentReport, AppointmentReportLine } from '../../server/src/services/reports/appointment-reports/appointment-reports.shared'

const figures = { completed: 0, cancelled: 0, cancelledByPatient: 0, cancelledByClinic: 0, cancelledLate: 0, cancelledEarly: 0, noShow: 0, rescheduled: 0, bookedMinutes: 0, availableMinutes: 0 }
const line = (key: string | null, name: string, bookedMinutes: number, availableMinutes: number): AppointmentReportLine => ({ ...figures, key, name, bookedMinutes, availableMinutes })

const report = {
  from: '2026-11-01', to: '2026-12-01', branchId: null, doctorId: null, sourceId: null,
  totals: { ...figures, bookedMinutes: 300, availableMinutes: 1200 },
  byDoctor: [line('d1', 'Иванова', 240, 720), line('d2', 'Петров', 60, 480), line('d3', 'Archived', 0, 0)],
  bySource: [],
  byBranch: [line('b1', '', 240, 1200), line('b2', '', 60, 480), line('b3', '', 0, 0)],
  chairs: {
    totals: { bookedMinutes: 200, availableMinutes: 1600 },
    byChair: [
      { key: 'c1', name: 'Кресло 1', branchId: 'b1', bookedMinutes: 150, availableMinutes: 800 },
      { key: 'c2', name: 'Кресло 1', branchId: 'b2', bookedMinutes: 20, availableMinutes: 800 },
      { key: 'gone', name: '', branchId: 'b1', bookedMinutes: 30, availableMinutes: 0 }
    ],
    byBranch: [
      { key: 'b1', name: '', branchId: 'b1', bookedMinutes: 180, availableMinutes: 800 },
      { key: 'b2', name: '', branchId: 'b2', bookedMinutes: 20, availableMinutes: 800 }
    ]
  },
  formulas: {}
} as unknown as AppointmentReport
const branchName = new Map([['b1', 'Центр'], ['b2', 'Север']])

describe('the appointments report\'s load', () => {
  it('is booked ÷ available in whole percent, and no figure (not infinity) when nothing is available', () => {
    expect([loadPercent(240, 720), loadPercent(2, 3), loadPercent(30, 0), loadPercent(0, 0), loadPercent(900, 600)]).toEqual([33, 67, null, null, 150])
  })

  it('lists doctors with minutes, every chair named with its branch when there are several, and branches with both loads', () => {
    const tables = loadTables(report, branchName)
    expect(tables.byDoctor.lines.map((entry) => [entry.name, entry.narrowing, entry.minutes.doctors])).toEqual([
      ['Иванова', { doctorId: 'd1' }, { booked: 240, available: 720 }],
      ['Петров', { doctorId: 'd2' }, { booked: 60, available: 480 }]
    ])
    expect(tables.byChair.lines.map((entry) => [entry.name, entry.narrowing.workPlaceId, entry.minutes.chairs!.available])).toEqual([
      ['Кресло 1 · Центр', 'c1', 800], ['Кресло 1 · Север', 'c2', 800], ['', 'gone', 0]
    ])
    expect(tables.byBranch.lines.map((entry) => [entry.name, entry.narrowing, entry.minutes])).toEqual([
      ['Север', { branchId: 'b2' }, { doctors: { booked: 60, available: 480 }, chairs: { booked: 20, available: 800 } }],
      ['Центр', { branchId: 'b1' }, { doctors: { booked: 240, available: 1200 }, chairs: { booked: 180, available: 800 } }]
    ])
    // The totals are the report's: a doctor of two branches counts once.
    expect(tables.byBranch.totals).toEqual({ doctors: { booked: 300, available: 1200 }, chairs: { booked: 200, available: 1600 } })
  })
})
