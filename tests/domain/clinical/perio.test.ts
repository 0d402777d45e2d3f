import {
  attachmentLevel, bleedingIndex, compareCharts, deepSiteCount, defaultPerioThresholds, emptySite, emptyTooth, perioChartProblems,
  perioThresholds, perioToothProblems, plaqueIndex, perioThresholdProblem, perioIndices, perioPrefill, clonePerioChart, siteIndex, siteRedFlags, toothRedFlags, type PerioChart, type PerioSite, type PerioSiteEntry,
  type PerioToothEntry
} from '../../../domain/clinical/perio'

const site = (values: Partial<PerioSiteEntry>): PerioSiteEntry => ({ ...emptySite(), ...values })
const tooth = (fdi: number, sites: Partial<Record<PerioSite, Partial<PerioSiteEntry>>>, extra: Partial<PerioToothEntry> = {}): PerioToothEntry => ({
  ...emptyTooth(fdi),
  sites: Object.fromEntries(Object.entries(sites).map(([key, value]) => [key, site(value ?? {})])),
  ...extra
})

describe('clinical attachment level', () => {
  it('is PD - GM: recession (negative GM) adds, swelling (positive GM) subtracts', () => {
    expect(attachmentLevel({ depth: 3, margin: -2 })).toBe(5)
    expect(attachmentLevel({ depth: 5, margin: 2 })).toBe(3)
    expect(attachmentLevel({ depth: 3, margin: 0 })).toBe(3)
  })

  it('takes an unrecorded margin as 0 and has no value without a depth', () => {
    expect(attachmentLevel({ depth: 4, margin: null })).toBe(4)
    expect(attachmentLevel({ depth: null, margin: -3 })).toBeNull()
  })

  it('can be negative when the gum is swollen over a shallow pocket', () => {
    expect(attachmentLevel({ depth: 1, margin: 3 })).toBe(-2)
  })
})

describe('validation', () => {
  it('accepts whole depths 0-19 and margins -9..+9', () => {
    expect(perioToothProblems(tooth(16, { MB: { depth: 0, margin: -9 }, B: { depth: 19, margin: 9 } }))).toEqual([])
  })

  it('refuses depths and margins out of range or fractional', () => {
    expect(perioToothProblems(tooth(16, { MB: { depth: 20 }, B: { depth: -1 }, DB: { depth: 2.5 }, ML: { margin: 10 }, L: { margin: -10 } }))).toEqual([
      { tooth: 16, site: 'MB', reason: 'depthRange' },
      { tooth: 16, site: 'B', reason: 'depthRange' },
      { tooth: 16, site: 'DB', reason: 'depthRange' },
      { tooth: 16, site: 'ML', reason: 'marginRange' },
      { tooth: 16, site: 'L', reason: 'marginRange' }
    ])
  })

  it('takes mobility 0-3 on any tooth and furcation 0-3 on multi-rooted teeth only', () => {
    expect(perioToothProblems(tooth(11, {}, { mobility: 3 }))).toEqual([])
    expect(perioToothProblems(tooth(11, {}, { mobility: 4 }))).toEqual([{ tooth: 11, reason: 'mobilityRange' }])
    expect(perioToothProblems(tooth(36, {}, { furcation: 3 }))).toEqual([])
    expect(perioToothProblems(tooth(14, {}, { furcation: 1 }))).toEqual([])
    expect(perioToothProblems(tooth(36, {}, { furcation: 4 }))).toEqual([{ tooth: 36, reason: 'furcationRange' }])
    expect(perioToothProblems(tooth(11, {}, { furcation: 0 }))).toEqual([{ tooth: 11, reason: 'furcationNotMultiRooted' }])
    expect(perioToothProblems(tooth(45, {}, { furcation: 1 }))).toEqual([{ tooth: 45, reason: 'furcationNotMultiRooted' }])
  })

  it('refuses values on a missing tooth, an unknown tooth and a tooth listed twice', () => {
    expect(perioToothProblems(tooth(18, { B: { depth: 3 } }, { missing: true }))).toEqual([{ tooth: 18, reason: 'valuesOnMissingTooth' }])
    expect(perioToothProblems(tooth(18, { B: {} }, { missing: true }))).toEqual([])
    expect(perioToothProblems(tooth(19, {}))).toEqual([{ tooth: 19, reason: 'unknownTooth' }])
    expect(perioChartProblems({ teeth: [tooth(16, {}), tooth(16, {})] })).toEqual([{ tooth: 16, reason: 'duplicateTooth' }])
  })
})

describe('red thresholds', () => {
  it('defaults to PD 4 mm', () => {
    expect(defaultPerioThresholds.depth).toBe(4)
    expect(siteRedFlags(site({ depth: 3 })).depth).toBe(false)
    expect(siteRedFlags(site({ depth: 4 })).depth).toBe(true)
  })

  it('follows the company\'s own thresholds, ignoring invalid ones', () => {
    const thresholds = perioThresholds({ depth: 5, attachment: Number.NaN, mobility: -1 })
    expect(thresholds).toEqual({ ...defaultPerioThresholds, depth: 5 })
    expect(siteRedFlags(site({ depth: 4 }), thresholds).depth).toBe(false)
    expect(perioThresholds(null)).toEqual(defaultPerioThresholds)
  })

  it('flags attachment loss and recession', () => {
    expect(siteRedFlags(site({ depth: 2, margin: -2 }))).toEqual({ depth: false, attachment: true, recession: false })
    expect(siteRedFlags(site({ depth: 1, margin: -3 }))).toEqual({ depth: false, attachment: true, recession: true })
    expect(siteRedFlags(site({ depth: 5, margin: 2 }))).toEqual({ depth: true, attachment: false, recession: false })
    expect(siteRedFlags(site({}))).toEqual({ depth: false, attachment: false, recession: false })
  })

  it('flags mobility and furcation per tooth', () => {
    expect(toothRedFlags(tooth(36, {}, { mobility: 2, furcation: 1 }))).toEqual({ mobility: true, furcation: false })
    expect(toothRedFlags(tooth(36, {}))).toEqual({ mobility: false, furcation: false })
  })
})

describe('indices', () => {
  const chart: PerioChart = {
    teeth: [
      tooth(16, { MB: { bleeding: true, plaque: true }, B: { bleeding: true }, DB: { depth: 5 } }),
      tooth(17, { ML: { plaque: true, depth: 4 } }),
      tooth(18, {}, { missing: true })
    ]
  }

  it('counts marked sites over six sites per present tooth, missing teeth excluded', () => {
    expect(bleedingIndex(chart)).toEqual({ marked: 2, available: 12, percent: 16 })
    expect(plaqueIndex(chart)).toEqual({ marked: 2, available: 12, percent: 16 })
    expect(siteIndex(chart, 'suppuration')).toEqual({ marked: 0, available: 12, percent: 0 })
  })

  it('has no index without an available site', () => {
    expect(bleedingIndex({ teeth: [] })).toEqual({ marked: 0, available: 0, percent: null })
    expect(bleedingIndex({ teeth: [tooth(18, {}, { missing: true })] }).percent).toBeNull()
  })

  it('reaches 100% when every site bleeds', () => {
    const all = Object.fromEntries(['MB', 'B', 'DB', 'ML', 'L', 'DL'].map((key) => [key, { bleeding: true }]))
    expect(bleedingIndex({ teeth: [tooth(11, all)] }).percent).toBe(100)
  })

  it('counts deep sites at the threshold', () => {
    expect(deepSiteCount(chart)).toBe(2)
    expect(deepSiteCount(chart, perioThresholds({ depth: 5 }))).toBe(1)
  })
})

describe('comparing two exams', () => {
  const before: PerioChart = { teeth: [tooth(16, { MB: { depth: 3, margin: 0 }, B: { depth: 6, margin: 0 }, DB: { depth: 4 } }), tooth(17, { MB: { depth: 3 } })] }
  const after: PerioChart = { teeth: [tooth(16, { MB: { depth: 3, margin: -2 }, B: { depth: 3, margin: 0 }, DB: { depth: 5 } }), tooth(17, {}, { missing: true }), tooth(15, { B: { depth: 2 } })] }
  const changes = compareCharts(before, after)
  const change = (fdi: number, key: PerioSite) => changes.find((row) => row.tooth === fdi && row.site === key)

  it('lists six sites of every tooth of either exam, in FDI order', () => {
    expect(changes).toHaveLength(18)
    expect([...new Set(changes.map((row) => row.tooth))]).toEqual([15, 16, 17])
  })

  it('reports the change per site, by attachment first', () => {
    expect(change(16, 'MB')).toMatchObject({ depthChange: 0, attachmentChange: 2, trend: 'worse' })
    expect(change(16, 'B')).toMatchObject({ before: { depth: 6, attachment: 6 }, after: { depth: 3, attachment: 3 }, depthChange: -3, trend: 'better' })
    expect(change(16, 'DB')).toMatchObject({ depthChange: 1, trend: 'same' })
  })

  it('has no change where either exam lacks the site, or the tooth went missing', () => {
    expect(change(16, 'L')).toMatchObject({ depthChange: null, attachmentChange: null, trend: null })
    expect(change(15, 'B')).toMatchObject({ before: { depth: null }, after: { depth: 2 }, trend: null })
    expect(change(17, 'MB')).toMatchObject({ before: { depth: 3 }, after: { depth: null }, trend: null })
  })
})

describe('company thresholds', () => {
  it('accepts whole numbers within each limit and names the first that is not', () => {
    expect(perioThresholdProblem({ depth: 5, attachment: 28, recession: 1, mobility: 3, furcation: 1 })).toBeNull()
    expect(perioThresholdProblem({})).toBeNull()
    expect(perioThresholdProblem({ depth: 20 })).toBe('depth')
    expect(perioThresholdProblem({ depth: 0 })).toBe('depth')
    expect(perioThresholdProblem({ attachment: 29 })).toBe('attachment')
    expect(perioThresholdProblem({ recession: 2.5 })).toBe('recession')
    expect(perioThresholdProblem({ mobility: 4 })).toBe('mobility')
    expect(perioThresholdProblem({ furcation: '2' })).toBe('furcation')
  })
})

describe('the four indices', () => {
  it('computes bleeding, plaque, suppuration and calculus together', () => {
    const marked = { ...emptySite(), depth: 3, bleeding: true, calculus: true }
    const chart: PerioChart = { teeth: [{ ...emptyTooth(16), sites: { MB: marked, B: { ...marked, plaque: true } } }, emptyTooth(17, true)] }
    const indices = perioIndices(chart)
    expect(indices.bleeding).toEqual({ marked: 2, available: 6, percent: 33 })
    expect(indices.calculus.percent).toBe(33)
    expect(indices.plaque).toEqual({ marked: 1, available: 6, percent: 16 })
    expect(indices.suppuration).toEqual({ marked: 0, available: 6, percent: 0 })
  })
})

describe('starting a chart', () => {
  it('prefills the 32 permanent teeth, missing and pontics skipped, implants marked, planned work ignored', () => {
    const teeth = perioPrefill({
      18: { condition: 'secondaryAdentia' },
      26: { findings: [{ code: 'M', status: 'existing' }] },
      36: { findings: [{ code: 'I', status: 'done' }] },
      46: { findings: [{ code: 'AT', status: 'done' }] },
      47: { findings: [{ code: 'M', status: 'planned' }, { code: 'I', status: 'planned' }] }
    })
    expect(teeth).toHaveLength(32)
    expect(teeth.filter((entry) => entry.missing).map((entry) => entry.tooth)).toEqual([18, 26, 46])
    expect(teeth.filter((entry) => entry.implant).map((entry) => entry.tooth)).toEqual([36])
    expect(teeth.find((entry) => entry.tooth === 47)).toEqual(emptyTooth(47, false))
    expect(perioChartProblems({ teeth })).toEqual([])
    expect(perioPrefill().every((entry) => !entry.missing)).toBe(true)
  })

  it('clones an earlier chart without the day\'s marks', () => {
    const earlier: PerioChart = {
      teeth: [{ ...emptyTooth(16), mobility: 1, furcation: 2, sites: { MB: { ...emptySite(), depth: 5, margin: -2, bleeding: true, plaque: true, suppuration: true, calculus: true } } }, emptyTooth(17, true)]
    }
    const clone = clonePerioChart(earlier)
    expect(clone.teeth[0]).toEqual({ ...emptyTooth(16), mobility: 1, furcation: 2, sites: { MB: { ...emptySite(), depth: 5, margin: -2 } } })
    expect(clone.teeth[1]).toEqual(emptyTooth(17, true))
    expect(earlier.teeth[0].sites.MB?.bleeding).toBe(true)
  })
})
