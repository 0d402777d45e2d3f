import { isSurface, normalizeSurface, placeOf, sortSurfaces, surfaceAt, surfaceLabelKeys, surfaceName, surfacesOf } from '../../../domain/clinical/surfaces'
import { allTeeth, isAnterior } from '../../../domain/clinical/teeth'

describe('surfaces', () => {
  it('gives five surfaces to every tooth: occlusal and buccal behind, incisal and facial in front', () => {
    expect(surfacesOf(36)).toEqual(['M', 'O', 'D', 'B', 'L'])
    expect(surfacesOf(11)).toEqual(['M', 'I', 'D', 'F', 'L'])
    expect(surfacesOf(13)).toEqual(['M', 'I', 'D', 'F', 'L'])
    expect(surfacesOf(14)).toEqual(['M', 'O', 'D', 'B', 'L'])
    expect(surfacesOf(54)).toEqual(['M', 'O', 'D', 'B', 'L'])
    expect(surfacesOf(53)).toEqual(['M', 'I', 'D', 'F', 'L'])
    for (const tooth of allTeeth) expect(surfacesOf(tooth)).toHaveLength(5)
  })

  it('maps places to letters and letters to places', () => {
    for (const tooth of allTeeth) {
      for (const surface of surfacesOf(tooth)) expect(surfaceAt(tooth, placeOf(surface))).toBe(surface)
    }
    expect(placeOf('V')).toBe('outer')
  })

  it('normalises typed letters for the tooth', () => {
    expect(normalizeSurface(11, 'o')).toBe('I')
    expect(normalizeSurface(36, 'I')).toBe('O')
    expect(normalizeSurface(11, 'B')).toBe('F')
    expect(normalizeSurface(46, 'F')).toBe('B')
    expect(normalizeSurface(16, 'P')).toBe('L')
    expect(normalizeSurface(16, 'v')).toBe('V')
    expect(normalizeSurface(16, 'X')).toBeNull()
    expect(normalizeSurface(16, '')).toBeNull()
    expect(isSurface('Q')).toBe(false)
  })

  it('names the inner surface palatal above and lingual below, the outer buccal or labial', () => {
    expect(surfaceName(16, 'L')).toBe('palatal')
    expect(surfaceName(46, 'L')).toBe('lingual')
    expect(surfaceName(55, 'L')).toBe('palatal')
    expect(surfaceName(16, 'B')).toBe('buccal')
    expect(surfaceName(21, 'F')).toBe('labial')
    expect(surfaceName(36, 'O')).toBe('occlusal')
    expect(surfaceName(31, 'I')).toBe('incisal')
    expect(surfaceLabelKeys(26, 'L')).toEqual({ name: 'clinical.surface.palatal', short: 'clinical.surfaceShort.palatal' })
    for (const tooth of allTeeth) expect(surfaceName(tooth, surfaceAt(tooth, 'outer'))).toBe(isAnterior(tooth) ? 'labial' : 'buccal')
  })

  it('sorts and de-duplicates in chart order', () => {
    expect(sortSurfaces(['D', 'O', 'M', 'O'])).toEqual(['M', 'O', 'D'])
  })
})
