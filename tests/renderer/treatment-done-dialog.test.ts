import { draftsAfterWritten, draftsToData, parseTeethText, prefillLines, sentDrafts, serviceOptionLabel, teethText } from '../../renderer/src/features/treatment-done/treatment-lines'
import { consentNeededFor, signedConsentRequired } from '../../domain/documents/consent'
import { groupByVisit, lineTeethProblem } from '../../domain/clinical/treatments-done'

describe('the "What was done?" dialog', () => {
  const visit = { services: [{ serviceId: 's1', name: 'Filling', price: 150_000, quantity: 1 }, { serviceId: 's2', name: 'Gone', price: 20_000, quantity: 2 }] }

  it('prefills one line per booked service at today\'s catalogue price, the booked one when the service left the catalogue', () => {
    const drafts = prefillLines(visit, new Map([['s1', 180_000]]))
    expect(drafts.map(({ serviceId, teethText: text, price, quantity }) => ({ serviceId, text, price, quantity }))).toEqual([
      { serviceId: 's1', text: '', price: 180_000, quantity: 1 },
      { serviceId: 's2', text: '', price: 20_000, quantity: 2 }
    ])
    expect(new Set(drafts.map((draft) => draft.key)).size).toBe(2)
    expect(prefillLines({ services: [] })).toHaveLength(1)
  })

  it('sends the price only where the person changed it, drops empty rows and names the first bad row', () => {
    const prices = new Map([['s1', 180_000]])
    const [first, second] = prefillLines(visit, prices)
    const target = { customerId: 'c', appointmentId: 'a' }
    const result = draftsToData([{ ...first, teethText: '36mo 37O' }, { ...second, price: 25_000 }, { key: 'x', serviceId: null, teethText: '', price: 0, quantity: 1 }], target, 'FDI', prices)
    expect(result).toEqual({ data: [
      { ...target, serviceId: 's1', teeth: [{ tooth: 36, surfaces: ['M', 'O'] }, { tooth: 37, surfaces: ['O'] }], quantity: 1 },
      { ...target, serviceId: 's2', teeth: [], quantity: 2, price: 25_000 }
    ] })
    expect(draftsToData([{ ...first, teethText: '11X' }], target, 'FDI', prices)).toEqual({ problem: { key: first.key, field: 'teethText' } })
    expect(draftsToData([{ key: 'y', serviceId: null, teethText: '36', price: 0, quantity: 1 }], target, 'FDI')).toEqual({ problem: { key: 'y', field: 'serviceId' } })
  })

  it('reads teeth in the company\'s numbering and the interface\'s surface letters', () => {
    expect(parseTeethText('19 3O', 'American')).toEqual({ teeth: [{ tooth: 36, surfaces: [] }, { tooth: 16, surfaces: ['O'] }] })
    expect(parseTeethText('11o', 'FDI')).toEqual({ teeth: [{ tooth: 11, surfaces: ['I'] }] })
    const russian = (key: string) => ({ 'clinical.surfaceShort.mesial': 'М', 'clinical.surfaceShort.occlusal': 'О' } as Record<string, string>)[key] ?? key
    expect(parseTeethText('36МО', 'FDI', russian)).toEqual({ teeth: [{ tooth: 36, surfaces: ['M', 'O'] }] })
    expect(parseTeethText('36 36', 'FDI')).toEqual({ invalid: '36' })
    expect(parseTeethText('19', 'FDI')).toEqual({ invalid: '19' })
    expect(teethText([{ tooth: 36, surfaces: ['M', 'O'] }], 'American')).toBe('19MO')
  })
})

describe('a service that needs a signed consent, in the pickers and the dialog', () => {
  const translate = (key: string) => ({ 'treatmentDone.needsConsent': 'needs a signed consent' } as Record<string, string>)[key] ?? key

  it('needs one when the service is marked and the company has not turned the setting off', () => {
    expect(signedConsentRequired({})).toBe(true)
    expect(signedConsentRequired(undefined)).toBe(true)
    expect(signedConsentRequired({ treatmentNeedsSignedConsent: false })).toBe(false)
    expect(consentNeededFor({ requiresConsent: true }, {})).toBe(true)
    expect(consentNeededFor({ requiresConsent: true }, { treatmentNeedsSignedConsent: false })).toBe(false)
    expect(consentNeededFor({ requiresConsent: false }, { treatmentNeedsSignedConsent: true })).toBe(false)
    expect(consentNeededFor({}, {})).toBe(false)
  })

  it('says so in the service\'s label', () => {
    expect(serviceOptionLabel({ name: 'Extraction', code: 'EX-1' }, true, translate)).toBe('Extraction (EX-1) · needs a signed consent')
    expect(serviceOptionLabel({ name: 'Check-up', code: null }, false, translate)).toBe('Check-up')
  })

  it('drops the lines saved before a refused one, so saving again writes them once', () => {
    const drafts = [
      { key: 'a', serviceId: 's1', teethText: '', price: 1, quantity: 1 },
      { key: 'empty', serviceId: null, teethText: ' ', price: 0, quantity: 1 },
      { key: 'b', serviceId: 's2', teethText: '', price: 1, quantity: 1 },
      { key: 'c', serviceId: 's3', teethText: '', price: 1, quantity: 1 }
    ]
    expect(sentDrafts(drafts).map((draft) => draft.key)).toEqual(['a', 'b', 'c'])
    // Line 1 saved, line 2 (b) refused: b and c stay, with the empty row.
    expect(draftsAfterWritten(drafts, 1).map((draft) => draft.key)).toEqual(['empty', 'b', 'c'])
    expect(draftsAfterWritten(drafts, 0)).toEqual(drafts)
  })
})

describe('treatment lines (domain)', () => {
  it('checks teeth and surfaces per tooth', () => {
    expect(lineTeethProblem([])).toBeNull()
    expect(lineTeethProblem([{ tooth: 36, surfaces: ['M', 'O', 'V'] }, { tooth: 11, surfaces: ['I', 'F'] }])).toBeNull()
    expect(lineTeethProblem([{ tooth: 11, surfaces: ['O'] }])).toEqual({ code: 'surface-not-on-tooth', path: 'teeth.0.surfaces' })
    expect(lineTeethProblem([{ tooth: 36 }, { tooth: 9 }])).toEqual({ code: 'tooth-unknown', path: 'teeth.1.tooth' })
  })

  it('groups lines by visit, newest visit first, with integer totals', () => {
    const line = (appointmentId: string, visitDate: string, price: number, quantity: number, createdAt: string) => ({ appointmentId, visitDate, price, quantity, createdAt })
    const groups = groupByVisit([line('a', '2026-11-01', 1999, 3, '2'), line('b', '2026-12-01', 100, 1, '3'), line('a', '2026-11-01', 1, 1, '1')])
    expect(groups.map((group) => [group.appointmentId, group.total, group.lines.map((item) => item.createdAt)])).toEqual([['b', 100, ['3']], ['a', 5998, ['1', '2']]])
  })
})
