import { componentBand, computeOhis, ohisBand, ohisTeethToScore, type OhisEntry } from '../../../domain/clinical/hygiene'
import { permanentTeeth } from '../../../domain/clinical/teeth'

const entry = (tooth: number, debris: number | null, calculus: number | null): OhisEntry => ({ tooth, debris, calculus })

describe('OHI-S (Greene-Vermillion)', () => {
  it('scores the six index teeth and their surfaces', () => {
    expect(ohisTeethToScore(permanentTeeth)).toEqual([
      { index: 16, scored: 16, surface: 'B' },
      { index: 11, scored: 11, surface: 'F' },
      { index: 26, scored: 26, surface: 'B' },
      { index: 36, scored: 36, surface: 'L' },
      { index: 31, scored: 31, surface: 'F' },
      { index: 46, scored: 46, surface: 'L' }
    ])
  })

  it('substitutes the next tooth of the group for a missing one', () => {
    const present = permanentTeeth.filter((tooth) => ![16, 17, 11, 36, 37, 38, 31].includes(tooth))
    expect(ohisTeethToScore(present).map((row) => row.scored)).toEqual([18, 21, 26, null, 41, 46])
  })

  it('averages debris and calculus over the teeth scored and adds them', () => {
    const result = computeOhis([entry(16, 1, 0), entry(11, 0, 0), entry(26, 2, 1), entry(36, 1, 1), entry(31, 0, 1), entry(46, 2, 1)])
    expect(result).toEqual({ debris: 1, calculus: 0.7, total: 1.7, debrisBand: 'fair', calculusBand: 'fair', band: 'fair', teethScored: 6 })
  })

  it('uses a stand-in only when the index tooth is not scored, and ignores other teeth', () => {
    const result = computeOhis([entry(17, 3, 3), entry(16, 0, 0), entry(21, 3, 3), entry(44, 3, 3)])
    // 16 wins over 17; 21 stands in for 11; 44 is no index tooth.
    expect(result).toMatchObject({ debris: 1.5, calculus: 1.5, total: 3, teethScored: 2, band: 'fair' })
  })

  it('needs two scored teeth and valid scores', () => {
    expect(computeOhis([entry(16, 1, 1)])).toBeNull()
    expect(computeOhis([entry(16, 1, 1), entry(26, 1, null)])).toBeNull()
    expect(computeOhis([entry(16, 1, 1), entry(26, 4, 0)])).toBeNull()
    expect(computeOhis([entry(16, 1, 1), entry(26, 1.5, 0)])).toBeNull()
    expect(computeOhis([])).toBeNull()
  })

  it('rounds once, to one decimal, from the sums', () => {
    // 16 and 11 and 26 and 36: debris 1+1+1+2 = 5/4 = 1.25 → 1.3; calculus 0; total 1.3 (fair, not good)
    expect(computeOhis([entry(16, 1, 0), entry(11, 1, 0), entry(26, 1, 0), entry(36, 2, 0)])).toMatchObject({ debris: 1.3, total: 1.3, band: 'fair' })
    expect(computeOhis([entry(16, 3, 3), entry(11, 3, 3)])).toMatchObject({ total: 6, band: 'poor' })
    expect(computeOhis([entry(16, 0, 0), entry(11, 0, 0)])).toMatchObject({ total: 0, band: 'good' })
  })

  it('bands at the published limits', () => {
    expect([1.2, 1.3, 3, 3.1, 6].map(ohisBand)).toEqual(['good', 'fair', 'fair', 'poor', 'poor'])
    expect([0, 0.6, 0.7, 1.8, 1.9, 3].map(componentBand)).toEqual(['good', 'good', 'fair', 'fair', 'poor', 'poor'])
  })
})
