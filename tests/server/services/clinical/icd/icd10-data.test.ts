import { shippedIcdCodes, icdKindOf, ICD10 } from '../../../../../domain/clinical/codes/icd10-dental'
import { shippedComplaints, icdFilterCodes } from '../../../../../domain/clinical/codes/complaints'
import { titleIn, searchTextOf } from '../../../../../domain/clinical/codes/titles'

/** The shipped data: well-formed, unique, a tree, titled in every language a shipped entry needs. */
describe('shipped ICD-10 codes', () => {
  const byCode = new Map(shippedIcdCodes.map((entry) => [entry.code, entry]))

  it('has every code once, well formed for its kind, in ICD-10', () => {
    expect(byCode.size).toBe(shippedIcdCodes.length)
    for (const entry of shippedIcdCodes) {
      expect(entry.system).toBe(ICD10)
      expect(icdKindOf(entry.code)).toBe(entry.kind)
    }
  })

  it('forms a tree: every parent exists, is one level up and comes first', () => {
    const up = { chapter: null, block: 'chapter', category: 'block', subcategory: 'category' } as const
    shippedIcdCodes.forEach((entry, index) => {
      if (entry.kind === 'chapter') return expect(entry.parentCode).toBeNull()
      const parent = byCode.get(entry.parentCode!)
      expect(parent?.kind).toBe(up[entry.kind])
      expect(shippedIcdCodes.indexOf(parent!)).toBeLessThan(index)
      if (entry.kind === 'subcategory') expect(entry.code.startsWith(`${entry.parentCode}.`)).toBe(true)
    })
  })

  it('holds the whole dental block K00-K14 and the two dental injury codes', () => {
    const categories = shippedIcdCodes.filter((entry) => entry.kind === 'category').map((entry) => entry.code)
    expect(categories).toEqual(['K00', 'K01', 'K02', 'K03', 'K04', 'K05', 'K06', 'K07', 'K08', 'K09', 'K10', 'K11', 'K12', 'K13', 'K14', 'S02', 'S03'])
    expect(byCode.get('S02.5')?.titles.ru).toBe('Перелом зуба')
    expect(byCode.get('S03.2')?.titles.en).toBe('Dislocation of tooth')
    expect(shippedIcdCodes.filter((entry) => entry.kind === 'subcategory').length).toBeGreaterThanOrEqual(100)
  })

  it('titles every code in Russian (Cyrillic), English and Uzbek (Latin), and every category in Finnish', () => {
    for (const entry of shippedIcdCodes) {
      expect(entry.titles.ru).toMatch(/[а-яё]/i)
      expect(entry.titles.en).toMatch(/^[A-Za-z]/)
      expect(entry.titles.uz).toMatch(/^["A-Za-z]/)
      expect(entry.titles.uz).not.toMatch(/[а-яё]/i)
      if (entry.kind !== 'subcategory') expect(entry.titles.fi).toBeTruthy()
      for (const title of Object.values(entry.titles)) expect(title).toBe(title!.trim())
    }
  })

  it('reads a locale\'s title with fall-backs (Finnish subcategories in English, ru1 in Russian)', () => {
    const k021 = byCode.get('K02.1')!.titles
    expect(titleIn(k021, 'fi')).toBe('Caries of dentine')
    expect(titleIn(byCode.get('K02')!.titles, 'fi')).toBe('Hammaskaries')
    expect(titleIn(k021, 'ru1')).toBe('Кариес дентина')
    expect(titleIn(k021, 'uz')).toBe('Dentin kariyesi')
    expect(searchTextOf('K02.1', k021)).toContain('кариес дентина')
  })
})

describe('shipped complaints', () => {
  it('has about thirty complaints, unique keys, titles in ru, en, uz and fi, codes that are shipped', () => {
    const codes = new Set(shippedIcdCodes.map((entry) => entry.code))
    expect(shippedComplaints.length).toBeGreaterThanOrEqual(30)
    expect(new Set(shippedComplaints.map((entry) => entry.key)).size).toBe(shippedComplaints.length)
    for (const complaint of shippedComplaints) {
      for (const language of ['ru', 'en', 'uz', 'fi'] as const) expect(complaint.titles[language]).toBeTruthy()
      for (const code of complaint.icdCodes) expect(codes.has(code)).toBe(true)
    }
  })

  it('filters by a code and its category', () => {
    expect(icdFilterCodes('K02.1')).toEqual(['K02.1', 'K02'])
    expect(icdFilterCodes('K02')).toEqual(['K02'])
  })
})
