import {
  conditionCodes, conditionLabelKey, conditionOf, conditionTable, effectiveFindings, findingOnSurface, findingProblems, isConditionCode,
  isToothAbsent, isToothCondition, statusStyles, surfaceString, toothConditionOf, toothConditions, type ChartFinding
} from '../../../domain/clinical/conditions'

describe('condition codes', () => {
  it('defines exactly the spec\'s twelve exam codes', () => {
    expect([...conditionCodes].sort()).toEqual(['AT', 'C', 'Cr', 'D', 'DP', 'I', 'M', 'P', 'Pl', 'Pt', 'R', 'TM'])
  })

  it('gives each code its own colour, key and 043/у letter', () => {
    for (const entry of conditionTable) {
      expect(entry.color).toMatch(/^#[0-9a-f]{6}$/)
      expect(entry.key).toMatch(/^[a-z][a-zA-Z]+$/)
      expect(entry.form043).not.toBe('')
    }
    expect(new Set(conditionTable.map((entry) => entry.color)).size).toBe(12)
    expect(new Set(conditionTable.map((entry) => entry.key)).size).toBe(12)
  })

  it('charts caries and fillings on surfaces, everything else on the whole tooth', () => {
    expect(conditionTable.filter((entry) => entry.scope === 'surface').map((entry) => entry.code)).toEqual(['C', 'Pl'])
    expect(conditionOf('TM').hasDegree).toBe(true)
    expect(conditionTable.filter((entry) => entry.hasDegree)).toHaveLength(1)
    expect(conditionOf('M').mark).toBe('missing')
    expect(() => conditionOf(malformedCode())).toThrow(RangeError)
    expect(conditionLabelKey('AT')).toBe('clinical.code.artificialTooth')
    expect(isConditionCode('Pl')).toBe(true)
    expect(isConditionCode('pl')).toBe(false)
  })
})

function malformedCode(): 'C' {
  return JSON.parse('"X"')
}

describe('tooth conditions', () => {
  it('lists the spec\'s seven conditions, absent ones drawn as missing', () => {
    expect(toothConditions).toEqual(['intact', 'depulped', 'pulpitis', 'periodontitis', 'missing', 'primaryAdentia', 'secondaryAdentia'])
    expect(toothConditionOf('intact').code).toBeNull()
    expect(toothConditionOf('depulped').code).toBe('D')
    expect(toothConditionOf('pulpitis').code).toBe('P')
    expect(toothConditionOf('periodontitis').code).toBe('Pt')
    for (const key of ['missing', 'primaryAdentia', 'secondaryAdentia'] as const) {
      expect(toothConditionOf(key)).toMatchObject({ code: 'M', absent: true })
    }
    expect(isToothCondition('intact')).toBe(true)
    expect(isToothCondition('broken')).toBe(false)
  })

  it('draws a condition as an existing finding before the charted ones', () => {
    const caries: ChartFinding = { code: 'C', status: 'existing', surfaces: ['M'] }
    expect(effectiveFindings({ condition: 'depulped', findings: [caries] })).toEqual([{ code: 'D', status: 'existing' }, caries])
    expect(effectiveFindings({ condition: 'intact' })).toEqual([])
    expect(effectiveFindings(undefined)).toEqual([])
  })

  it('counts a tooth absent when missing is charted or done, not when only planned', () => {
    expect(isToothAbsent({ condition: 'secondaryAdentia' })).toBe(true)
    expect(isToothAbsent({ findings: [{ code: 'M', status: 'done' }] })).toBe(true)
    expect(isToothAbsent({ findings: [{ code: 'M', status: 'planned' }] })).toBe(false)
    expect(isToothAbsent({ condition: 'pulpitis' })).toBe(false)
  })
})

describe('findings on surfaces', () => {
  const caries: ChartFinding = { code: 'C', status: 'existing', surfaces: ['M', 'O'] }
  const plannedFilling: ChartFinding = { code: 'Pl', status: 'planned', surfaces: ['O'] }
  const doneFilling: ChartFinding = { code: 'Pl', status: 'done', surfaces: ['O'] }

  it('shows the latest actual finding over a plan, and a plan only on a bare surface', () => {
    expect(findingOnSurface([caries, plannedFilling], 'O')).toBe(caries)
    expect(findingOnSurface([caries, plannedFilling, doneFilling], 'O')).toBe(doneFilling)
    expect(findingOnSurface([plannedFilling], 'O')).toBe(plannedFilling)
    expect(findingOnSurface([caries, { code: 'Cr', status: 'done' }], 'D')).toBeNull()
  })

  it('checks scope, surfaces and degree', () => {
    expect(findingProblems(36, caries)).toEqual([])
    expect(findingProblems(36, { code: 'C', status: 'existing' })).toEqual(['surfacesRequired'])
    expect(findingProblems(11, { code: 'C', status: 'existing', surfaces: ['O'] })).toEqual(['surfaceNotOnTooth'])
    expect(findingProblems(11, { code: 'C', status: 'existing', surfaces: ['V', 'I'] })).toEqual([])
    expect(findingProblems(36, { code: 'Cr', status: 'done', surfaces: ['O'] })).toEqual(['surfacesNotAllowed'])
    expect(findingProblems(36, { code: 'TM', status: 'existing' })).toEqual(['degreeRequired'])
    expect(findingProblems(36, { code: 'TM', status: 'existing', degree: 2 })).toEqual([])
    expect(findingProblems(36, { code: 'R', status: 'existing', degree: 1 })).toEqual(['degreeNotAllowed'])
  })

  it('writes surfaces in chart order', () => {
    expect(surfaceString(['D', 'O', 'M'])).toBe('MOD')
  })
})

describe('status styles', () => {
  it('draws planned work hatched and dashed, done work solid with a dark edge, existing lighter', () => {
    expect(statusStyles.planned).toMatchObject({ fill: 'hatched', stroke: 'dashed' })
    expect(statusStyles.done).toMatchObject({ fill: 'solid', stroke: 'dark', opacity: 1 })
    expect(statusStyles.existing.fill).toBe('solid')
    expect(statusStyles.existing.opacity).toBeLessThan(1)
  })
})
