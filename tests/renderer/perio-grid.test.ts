import { bandRows, cellRed, cellText, cellValue, changeSummary, changeText, changeValue, gridArches, gridSites, perioKeyOf } from '../../renderer/src/features/perio/perio-grid'
import { compareCharts, defaultPerioThresholds, emptySite, emptyTooth, perioThresholds, type PerioChart } from '../../domain/clinical/perio'
import { entryPath } from '../../domain/clinical/perio-entry'
import { permanentTeeth } from '../../domain/clinical/teeth'

describe('the perio grid layout', () => {
  it('draws the upper arch buccal over palatal and the lower arch lingual over buccal, teeth as on the odontogram', () => {
    expect(gridArches.map((arch) => arch.bands.map((band) => `${arch.arch} ${band.side} ${band.above ? 'above' : 'below'}`))).toEqual([
      ['upper buccal above', 'upper lingual below'],
      ['lower lingual above', 'lower buccal below']
    ])
    expect(gridArches[0].teeth.slice(0, 2)).toEqual([18, 17])
    expect(gridArches[0].teeth.slice(7, 9)).toEqual([11, 21])
    expect(gridArches[1].teeth.slice(0, 2)).toEqual([48, 47])
  })

  it('puts the depth next to the tooth numbers and the marks outermost', () => {
    expect(bandRows({ above: true })).toEqual(['marks', 'attachment', 'margin', 'depth'])
    expect(bandRows({ above: false })).toEqual(['depth', 'margin', 'attachment', 'marks'])
  })

  it('lists the sites of a tooth as the entry path walks them on screen', () => {
    expect(gridSites(16, 'buccal')).toEqual(['DB', 'B', 'MB'])
    expect(gridSites(26, 'buccal')).toEqual(['MB', 'B', 'DB'])
    expect(gridSites(36, 'lingual')).toEqual(['ML', 'L', 'DL'])
    // The buccal pass of quadrant 1 reads left to right along the grid's cells.
    const path = entryPath(permanentTeeth)
    const firstRow = gridArches[0].teeth.slice(0, 8).flatMap((tooth) => gridSites(tooth, 'buccal').map((site) => `${tooth}${site}`))
    expect(path.slice(0, 24).map((ref) => `${ref.tooth}${ref.site}`)).toEqual(firstRow)
  })
})

describe('perio grid cells', () => {
  const site = { ...emptySite(), depth: 5, margin: -2 }

  it('shows the depth and margin as stored and the CAL computed (PD - GM)', () => {
    expect(cellValue(site, 'depth')).toBe(5)
    expect(cellValue(site, 'margin')).toBe(-2)
    expect(cellValue(site, 'attachment')).toBe(7)
    expect(cellValue({ ...emptySite(), margin: -2 }, 'attachment')).toBeNull()
    expect(cellValue(undefined, 'depth')).toBeNull()
    expect(cellText(2, 'margin')).toBe('+2')
    expect(cellText(-2, 'margin')).toBe('-2')
    expect(cellText(0, 'margin')).toBe('0')
    expect(cellText(null, 'depth')).toBe('')
  })

  it('is red at or over the company\'s thresholds', () => {
    expect(cellRed(site, 'depth', defaultPerioThresholds)).toBe(true)
    expect(cellRed({ ...site, depth: 3 }, 'depth', defaultPerioThresholds)).toBe(false)
    expect(cellRed(site, 'depth', perioThresholds({ depth: 6 }))).toBe(false)
    expect(cellRed(site, 'margin', defaultPerioThresholds)).toBe(false)
    expect(cellRed({ ...site, margin: -3 }, 'margin', defaultPerioThresholds)).toBe(true)
    expect(cellRed(site, 'attachment', defaultPerioThresholds)).toBe(true)
    expect(cellRed(undefined, 'depth', defaultPerioThresholds)).toBe(false)
  })
})

describe('perio keys', () => {
  it('reads digits from the digit row and the keypad, by position', () => {
    expect(perioKeyOf({ key: '5', code: 'Digit5' })).toBe('5')
    expect(perioKeyOf({ key: '7', code: 'Numpad7' })).toBe('7')
    expect(perioKeyOf({ key: '%', code: 'Digit5', shiftKey: true })).toBeNull()
    expect(perioKeyOf({ key: '5', code: 'Digit5', ctrlKey: true })).toBeNull()
  })

  it('reads the marks, the tens key and the mode switch on a Cyrillic layout too', () => {
    expect(perioKeyOf({ key: 'и', code: 'KeyB' })).toBe('b')
    expect(perioKeyOf({ key: 'ы', code: 'KeyS' })).toBe('s')
    expect(perioKeyOf({ key: 'з', code: 'KeyP' })).toBe('p')
    expect(perioKeyOf({ key: 'с', code: 'KeyC' })).toBe('c')
    expect(perioKeyOf({ key: 'в', code: 'KeyD' })).toBe('d')
    expect(perioKeyOf({ key: 'п', code: 'KeyG' })).toBe('mode')
    expect(perioKeyOf({ key: '+', code: 'NumpadAdd' })).toBe('+')
    expect(perioKeyOf({ key: '+', code: 'Equal', shiftKey: true })).toBe('+')
    expect(perioKeyOf({ key: '-', code: 'Minus' })).toBe('-')
    expect(perioKeyOf({ key: '-', code: 'NumpadSubtract' })).toBe('-')
    expect(perioKeyOf({ key: 'x', code: 'KeyX' })).toBeNull()
  })

  it('moves with the arrows and Backspace, and leaves Tab to the page', () => {
    expect(perioKeyOf({ key: 'ArrowLeft', code: 'ArrowLeft' })).toBe('ArrowLeft')
    expect(perioKeyOf({ key: 'Backspace', code: 'Backspace' })).toBe('Backspace')
    expect(perioKeyOf({ key: 'Tab', code: 'Tab' })).toBeNull()
  })
})

describe('the comparison', () => {
  it('shows the CAL change where both exams have it, else the depth change, and counts better and worse sites', () => {
    const before: PerioChart = { teeth: [{ ...emptyTooth(16), sites: { MB: { ...emptySite(), depth: 6, margin: -1 }, B: { ...emptySite(), depth: 3 }, DB: { ...emptySite(), depth: 3 } } }] }
    const after: PerioChart = { teeth: [{ ...emptyTooth(16), sites: { MB: { ...emptySite(), depth: 3, margin: -1 }, B: { ...emptySite(), depth: 6 }, DB: { ...emptySite(), depth: 4 } } }] }
    const changes = compareCharts(before, after)
    const bySite = Object.fromEntries(changes.map((change) => [change.site, changeValue(change)]))
    expect(bySite).toMatchObject({ MB: -3, B: 3, DB: 1, ML: null })
    expect(changeText(-3)).toBe('-3')
    expect(changeText(3)).toBe('+3')
    expect(changeText(null)).toBe('')
    expect(changeSummary(changes)).toEqual({ better: 1, worse: 1, same: 1 })
  })
})
