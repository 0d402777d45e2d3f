import {
  allTeeth, archOf, chartColumn, chartOrder, formatTooth, fromPalmer, fromUniversal, isAnterior, isChartTooth, isFdiTooth,
  isMolar, isMultiRooted, isPosterior, isPrimary, kindOf, letterToUniversalPosition, parseTooth, permanentTeeth, predecessorOf,
  primaryTeeth, quadrantOf, rootCount, sideOf, successorOf, suggestDentition, teethOf, toPalmer, toUniversal, universalPositionToLetter
} from '../../../domain/clinical/teeth'

/** The Universal chart written out by hand (not derived), so the conversion is checked against the textbook. */
const universalByFdi: Record<number, string> = {
  18: '1', 17: '2', 16: '3', 15: '4', 14: '5', 13: '6', 12: '7', 11: '8',
  21: '9', 22: '10', 23: '11', 24: '12', 25: '13', 26: '14', 27: '15', 28: '16',
  38: '17', 37: '18', 36: '19', 35: '20', 34: '21', 33: '22', 32: '23', 31: '24',
  41: '25', 42: '26', 43: '27', 44: '28', 45: '29', 46: '30', 47: '31', 48: '32',
  55: 'A', 54: 'B', 53: 'C', 52: 'D', 51: 'E', 61: 'F', 62: 'G', 63: 'H', 64: 'I', 65: 'J',
  75: 'K', 74: 'L', 73: 'M', 72: 'N', 71: 'O', 81: 'P', 82: 'Q', 83: 'R', 84: 'S', 85: 'T'
}

describe('FDI teeth', () => {
  it('has 32 permanent, 20 primary, 52 in all, each once', () => {
    expect(permanentTeeth).toHaveLength(32)
    expect(primaryTeeth).toHaveLength(20)
    expect(new Set(allTeeth).size).toBe(52)
    expect(Object.keys(universalByFdi).map(Number).sort()).toEqual([...allTeeth].sort())
  })

  it('knows a tooth from a number that is none', () => {
    for (const bad of [0, 10, 19, 29, 39, 49, 50, 56, 66, 76, 86, 99, 11.5, -11]) expect(isFdiTooth(bad)).toBe(false)
    expect(isFdiTooth('11')).toBe(false)
    expect(isChartTooth(99)).toBe(true)
    expect(isChartTooth(36)).toBe(true)
    expect(() => quadrantOf(19)).toThrow(RangeError)
  })

  it('tells arch, side, quadrant and primary', () => {
    expect([archOf(18), archOf(28), archOf(38), archOf(48), archOf(55), archOf(65), archOf(75), archOf(85)])
      .toEqual(['upper', 'upper', 'lower', 'lower', 'upper', 'upper', 'lower', 'lower'])
    expect([sideOf(11), sideOf(21), sideOf(31), sideOf(41), sideOf(51), sideOf(61), sideOf(71), sideOf(81)])
      .toEqual(['right', 'left', 'left', 'right', 'right', 'left', 'left', 'right'])
    expect(quadrantOf(36)).toBe(3)
    expect(isPrimary(51)).toBe(true)
    expect(isPrimary(48)).toBe(false)
  })

  it('tells the kind of every position', () => {
    expect([11, 12, 13, 14, 15, 16, 17, 18].map(kindOf)).toEqual(['incisor', 'incisor', 'canine', 'premolar', 'premolar', 'molar', 'molar', 'molar'])
    expect([51, 52, 53, 54, 55].map(kindOf)).toEqual(['incisor', 'incisor', 'canine', 'molar', 'molar'])
    expect(allTeeth.filter(isAnterior)).toHaveLength(12 + 12)
    expect(allTeeth.filter(isPosterior)).toHaveLength(20 + 8)
    expect(isMolar(36)).toBe(true)
    expect(isMolar(35)).toBe(false)
  })

  it('has furcations on molars and the upper first premolars only', () => {
    expect(permanentTeeth.filter(isMultiRooted).sort()).toEqual([14, 16, 17, 18, 24, 26, 27, 28, 36, 37, 38, 46, 47, 48])
    expect(isMultiRooted(44)).toBe(false)
    expect(isMultiRooted(11)).toBe(false)
    expect(isMultiRooted(75)).toBe(true)
    expect([rootCount(16), rootCount(36), rootCount(14), rootCount(11)]).toEqual([3, 2, 2, 1])
  })

  it('maps primary teeth to their successors and back', () => {
    for (const primary of primaryTeeth) {
      const successor = successorOf(primary) as number
      expect(isPrimary(successor)).toBe(false)
      expect(successor % 10).toBe(primary % 10)
      expect(predecessorOf(successor)).toBe(primary)
    }
    expect(successorOf(55)).toBe(15)
    expect(successorOf(71)).toBe(31)
    expect(successorOf(16)).toBeNull()
    expect(predecessorOf(16)).toBeNull()
    expect(predecessorOf(55)).toBeNull()
  })
})

describe('Universal (American) numbering', () => {
  it.each(Object.entries(universalByFdi))('FDI %s is Universal %s and back', (fdi, universal) => {
    expect(toUniversal(Number(fdi))).toBe(universal)
    expect(fromUniversal(universal)).toBe(Number(fdi))
    expect(formatTooth(Number(fdi), 'American')).toBe(universal)
    expect(parseTooth(universal, 'American')).toBe(Number(fdi))
  })

  it('reads lower-case letters and refuses what is no tooth', () => {
    expect(fromUniversal('k')).toBe(75)
    expect(fromUniversal(' 19 ')).toBe(36)
    for (const bad of ['0', '33', 'U', 'AS', '', '1.0']) expect(fromUniversal(bad)).toBeNull()
  })

  it('places the primary letters A-J over 4-13 and K-T over 20-29 (the zig-zag rule)', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRST'.split('')
    expect(letters.map(letterToUniversalPosition)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29])
    for (const letter of letters) expect(universalPositionToLetter(letterToUniversalPosition(letter) as number)).toBe(letter)
    for (const position of [1, 2, 3, 14, 15, 16, 17, 18, 19, 30, 31, 32, 0, 33]) expect(universalPositionToLetter(position)).toBeNull()
    expect(letterToUniversalPosition('19')).toBeNull()
    expect(letterToUniversalPosition('Z')).toBeNull()
  })
})

describe('Palmer notation', () => {
  it('draws the quadrant as the dentist sees it', () => {
    expect([toPalmer(18), toPalmer(21), toPalmer(46), toPalmer(31)]).toEqual(['8┘', '└1', '6┐', '┌1'])
    expect([toPalmer(55), toPalmer(61), toPalmer(84), toPalmer(73)]).toEqual(['E┘', '└A', 'D┐', '┌C'])
  })

  it.each(allTeeth.map((tooth) => [tooth]))('%s goes to Palmer and back', (tooth) => {
    expect(fromPalmer(toPalmer(tooth))).toBe(tooth)
    expect(parseTooth(formatTooth(tooth, 'Palmer'), 'Palmer')).toBe(tooth)
  })

  it('refuses what is no tooth', () => {
    for (const bad of ['8', '9┘', '┌F', '']) expect(fromPalmer(bad)).toBeNull()
  })
})

describe('formatTooth and parseTooth in FDI', () => {
  it.each(allTeeth.map((tooth) => [tooth]))('%s round-trips', (tooth) => {
    expect(parseTooth(formatTooth(tooth, 'FDI'), 'FDI')).toBe(tooth)
  })

  it('shows 36 as 19 in American numbering and the supernumerary as 99 or S', () => {
    expect(formatTooth(36, 'American')).toBe('19')
    expect(formatTooth(99, 'FDI')).toBe('99')
    expect(formatTooth(99, 'American')).toBe('S')
    expect(parseTooth('99', 'FDI')).toBeNull()
    expect(parseTooth('036', 'FDI')).toBeNull()
    expect(() => formatTooth(19, 'FDI')).toThrow(RangeError)
  })
})

describe('dentition and drawing order', () => {
  it('shows the teeth of each dentition', () => {
    expect(teethOf('permanent')).toHaveLength(32)
    expect(teethOf('primary')).toHaveLength(20)
    expect(teethOf('mixed')).toHaveLength(52)
  })

  it('draws upper right to upper left, then lower right to lower left', () => {
    expect(chartOrder('permanent')).toEqual([
      18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28,
      48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38
    ])
    expect(chartOrder('primary')).toEqual([55, 54, 53, 52, 51, 61, 62, 63, 64, 65, 85, 84, 83, 82, 81, 71, 72, 73, 74, 75])
    expect(chartOrder('mixed')).toHaveLength(52)
    expect(chartOrder('mixed').slice(16, 21)).toEqual([55, 54, 53, 52, 51])
  })

  it('puts each primary tooth in its successor\'s column', () => {
    expect(chartColumn(18)).toBe(0)
    expect(chartColumn(28)).toBe(15)
    expect(chartColumn(15)).toBe(3)
    expect(chartColumn(55)).toBe(3)
    expect(chartColumn(65)).toBe(12)
    expect(chartColumn(85)).toBe(3)
    expect(chartColumn(36)).toBe(13)
    for (const primary of primaryTeeth) expect(chartColumn(primary)).toBe(chartColumn(successorOf(primary) as number))
  })

  it('suggests a dentition by age', () => {
    expect([suggestDentition(3), suggestDentition(5.9), suggestDentition(6), suggestDentition(12), suggestDentition(13), suggestDentition(null)])
      .toEqual(['primary', 'primary', 'mixed', 'mixed', 'permanent', 'permanent'])
  })
})
