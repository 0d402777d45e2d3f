import { applyEntryChange, entryKey, entryPath, nextSite, presentTeeth, previousSite, type EntryCursor, type SiteRef } from '../../../domain/clinical/perio-entry'
import { emptyTooth, type PerioChart } from '../../../domain/clinical/perio'
import { permanentTeeth } from '../../../domain/clinical/teeth'

const label = (ref: SiteRef | null) => (ref ? `${ref.tooth}${ref.site}` : null)

describe('perio entry path', () => {
  const path = entryPath(permanentTeeth)

  it('visits all 192 sites once', () => {
    expect(path).toHaveLength(192)
    expect(new Set(path.map(label)).size).toBe(192)
  })

  it('goes buccal left to right, then palatal back, quadrant by quadrant', () => {
    expect(path.slice(0, 4).map(label)).toEqual(['18DB', '18B', '18MB', '17DB'])
    expect(path.slice(21, 27).map(label)).toEqual(['11DB', '11B', '11MB', '11ML', '11L', '11DL'])
    expect(path[47].tooth).toBe(18)
    expect(path.slice(48, 51).map(label)).toEqual(['21MB', '21B', '21DB'])
    expect(path.slice(69, 75).map(label)).toEqual(['28MB', '28B', '28DB', '28DL', '28L', '28ML'])
    expect(label(path[96])).toBe('31MB')
    expect(label(path[144])).toBe('48DB')
    expect(label(path[191])).toBe('48DL')
  })

  it('skips missing teeth', () => {
    const short = entryPath(permanentTeeth.filter((tooth) => tooth !== 17))
    expect(short).toHaveLength(186)
    expect(short.slice(2, 4).map(label)).toEqual(['18MB', '16DB'])
    expect(entryPath([])).toEqual([])
  })

  it('moves next and previous, stopping at the ends', () => {
    expect(label(nextSite(path, null))).toBe('18DB')
    expect(label(nextSite(path, { tooth: 18, site: 'MB' }))).toBe('17DB')
    expect(nextSite(path, path[191])).toBeNull()
    expect(previousSite(path, path[0])).toBeNull()
    expect(label(previousSite(path, path[1]))).toBe('18DB')
    expect(label(nextSite(path, { tooth: 99, site: 'B' }))).toBe('18DB')
  })

  it('takes the present teeth of a chart', () => {
    const chart: PerioChart = { teeth: [emptyTooth(16), emptyTooth(17, true)] }
    expect(presentTeeth(chart)).toEqual([16])
  })
})

describe('perio entry keys', () => {
  const path = entryPath([16, 15])
  const start: EntryCursor = { site: null, tens: false }

  it('records a digit at the current site and moves on', () => {
    const result = entryKey(path, start, '3')
    expect(result.change).toEqual({ kind: 'depth', site: { tooth: 16, site: 'DB' }, depth: 3 })
    expect(label(result.cursor.site)).toBe('16B')
  })

  it('records 10-19 after the tens key, and refuses nothing above 19', () => {
    const tens = entryKey(path, start, '+')
    expect(tens).toEqual({ cursor: { site: { tooth: 16, site: 'DB' }, tens: true }, change: null })
    expect(entryKey(path, tens.cursor, '2').change).toMatchObject({ depth: 12 })
    expect(entryKey(path, entryKey(path, start, 'D').cursor, '9').change).toMatchObject({ depth: 19 })
  })

  it('toggles bleeding and the other marks on the site just entered', () => {
    const after = entryKey(path, start, '4').cursor
    expect(entryKey(path, after, 'b').change).toEqual({ kind: 'toggle', site: { tooth: 16, site: 'DB' }, mark: 'bleeding' })
    expect(entryKey(path, after, 'S').change).toMatchObject({ mark: 'suppuration' })
    expect(entryKey(path, after, 'p').change).toMatchObject({ mark: 'plaque' })
    expect(entryKey(path, after, 'c').change).toMatchObject({ mark: 'calculus' })
    expect(entryKey(path, start, 'b').change).toMatchObject({ site: { tooth: 16, site: 'DB' } })
  })

  it('stays on the last site after its digit, moves with arrows and ignores other keys', () => {
    const last = { site: path[path.length - 1], tens: false }
    expect(entryKey(path, last, '2').cursor.site).toEqual(path[path.length - 1])
    expect(label(entryKey(path, { site: path[1], tens: false }, 'ArrowLeft').cursor.site)).toBe('16DB')
    expect(label(entryKey(path, { site: path[0], tens: false }, 'ArrowRight').cursor.site)).toBe('16B')
    expect(entryKey(path, { site: path[0], tens: true }, 'x')).toEqual({ cursor: { site: path[0], tens: true }, change: null })
    expect(entryKey([], start, '3')).toEqual({ cursor: start, change: null })
  })

  it('applies changes to a new chart, adding the tooth when needed', () => {
    const chart: PerioChart = { teeth: [] }
    const withDepth = applyEntryChange(chart, { kind: 'depth', site: { tooth: 16, site: 'B' }, depth: 5 })
    expect(chart.teeth).toEqual([])
    expect(withDepth.teeth[0].sites.B).toMatchObject({ depth: 5, bleeding: false })
    const bleeding = applyEntryChange(withDepth, { kind: 'toggle', site: { tooth: 16, site: 'B' }, mark: 'bleeding' })
    expect(bleeding.teeth[0].sites.B).toMatchObject({ depth: 5, bleeding: true })
    const again = applyEntryChange(bleeding, { kind: 'toggle', site: { tooth: 16, site: 'B' }, mark: 'bleeding' })
    expect(again.teeth[0].sites.B?.bleeding).toBe(false)
    expect(applyEntryChange(again, { kind: 'depth', site: { tooth: 15, site: 'L' }, depth: 2 }).teeth.map((entry) => entry.tooth)).toEqual([16, 15])
  })
})

describe('margin entry', () => {
  const path = entryPath(permanentTeeth)
  const start: EntryCursor = { site: path[0], tens: false }

  it('records a digit as a gum over the CEJ and "-" then a digit as recession, moving on', () => {
    const plain = entryKey(path, start, '2', 'margin')
    expect(plain.change).toEqual({ kind: 'margin', site: path[0], margin: 2 })
    expect(plain.cursor).toEqual({ site: path[1], tens: false })
    const minus = entryKey(path, start, '-', 'margin')
    expect(minus).toEqual({ cursor: { site: path[0], tens: false, negative: true }, change: null })
    const recession = entryKey(path, minus.cursor, '3', 'margin')
    expect(recession.change).toEqual({ kind: 'margin', site: path[0], margin: -3 })
    expect(recession.cursor.negative).toBeFalsy()
    expect(entryKey(path, minus.cursor, '0', 'margin').change).toEqual({ kind: 'margin', site: path[0], margin: 0 })
    expect(entryKey(path, minus.cursor, '-', 'margin').cursor.negative).toBe(false)
  })

  it('keeps marks and movement as in depth mode, and stores the margin without touching the depth', () => {
    expect(entryKey(path, { site: path[1], tens: false }, 'b', 'margin').change).toEqual({ kind: 'toggle', site: path[0], mark: 'bleeding' })
    expect(entryKey(path, { site: path[1], tens: false }, 'Backspace', 'margin').cursor.site).toEqual(path[0])
    const chart: PerioChart = { teeth: [emptyTooth(18)] }
    const depth = applyEntryChange(chart, { kind: 'depth', site: path[0], depth: 4 })
    const both = applyEntryChange(depth, { kind: 'margin', site: path[0], margin: -2 })
    expect(both.teeth[0].sites.DB).toMatchObject({ depth: 4, margin: -2 })
  })
})
