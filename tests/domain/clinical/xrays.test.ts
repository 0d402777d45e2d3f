import { defaultXrayDoses, doseTotalsOf, doseWindows, isXrayDose, microSvToDose, doseToMicroSv, xrayDoses, xrayDosesProblem, xrayTotalDose, xrayTypes } from '../../../domain/clinical/xrays'

describe('x-ray doses', () => {
  it('has a default dose for every type, each a valid dose in 0.1 µSv', () => {
    expect(Object.keys(defaultXrayDoses).sort()).toEqual([...xrayTypes].sort())
    for (const type of xrayTypes) expect(isXrayDose(defaultXrayDoses[type])).toBe(true)
    expect(doseToMicroSv(defaultXrayDoses.intraoral)).toBe(5)
    expect(doseToMicroSv(defaultXrayDoses.orthopantomogram)).toBe(20)
    expect(doseToMicroSv(defaultXrayDoses.ctScan)).toBe(100)
  })

  it('accepts whole tenths of a µSv from 0 to 2000 µSv only', () => {
    expect([0, 1, 20000].map(isXrayDose)).toEqual([true, true, true])
    expect([-1, 20001, 1.5, Number.NaN, '5', null].map(isXrayDose)).toEqual([false, false, false, false, false, false])
    expect(microSvToDose(1.7)).toBe(17)
    expect(microSvToDose(0.1 + 0.2)).toBe(3)
  })

  it("reads a company's doses over the defaults and names the first wrong one", () => {
    expect(xrayDoses({ ctScan: 680, tmj4: -3, nonsense: 1 })).toEqual({ ...defaultXrayDoses, ctScan: 680 })
    expect(xrayDoses(undefined)).toEqual(defaultXrayDoses)
    expect(xrayDosesProblem({ ctScan: 680 })).toBeNull()
    expect(xrayDosesProblem({ intraoral: 5, tmj6: 1e9 })).toBe('tmj6')
  })

  it('counts a record as dose × exposures', () => {
    expect(xrayTotalDose({ dose: 17, quantity: 3 })).toBe(51)
  })
})

describe('dose windows', () => {
  it('ends both windows on the day asked, the year from 1 January, twelve months from the day after a year before', () => {
    expect(doseWindows('2025-01-05')).toEqual({ year: { from: '2025-01-01', to: '2025-01-05' }, last12Months: { from: '2024-01-06', to: '2025-01-05' } })
    expect(doseWindows('2024-12-31')).toEqual({ year: { from: '2024-01-01', to: '2024-12-31' }, last12Months: { from: '2024-01-01', to: '2024-12-31' } })
    // 29 February: a year before has no such day; the window starts the day after 28 February.
    expect(doseWindows('2024-02-29').last12Months.from).toBe('2023-03-01')
    expect(doseWindows('2025-02-28').last12Months.from).toBe('2024-02-29')
    expect(doseWindows('2025-03-01').last12Months.from).toBe('2024-03-02')
  })

  it('sums across the year boundary as the server does', () => {
    const xrays = [
      { date: '2024-01-05', dose: 1000, quantity: 1 },
      { date: '2024-01-06', dose: 200, quantity: 1 },
      { date: '2024-12-31', dose: 50, quantity: 3 },
      { date: '2025-01-01', dose: 200, quantity: 1 },
      { date: '2025-01-05', dose: 17, quantity: 2 },
      { date: '2025-01-06', dose: 500, quantity: 1 }
    ]
    expect(doseTotalsOf(xrays, '2025-01-05')).toEqual({
      asOf: '2025-01-05',
      year: { from: '2025-01-01', to: '2025-01-05', dose: 234, exposures: 3 },
      last12Months: { from: '2024-01-06', to: '2025-01-05', dose: 584, exposures: 7 }
    })
  })
})
