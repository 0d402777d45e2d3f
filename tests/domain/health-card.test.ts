import { combineHealthCards, hasMedicalAlert, suggestMedicineKind, type HealthCardFacts } from '../../domain/clinical/health-card'

const empty: HealthCardFacts & { notes: string; pregnancyWeek: number | null } = {
  allergies: [], diseases: [], medicines: [], pregnant: false, pregnancyWeek: null, anaesthesiaReactions: '', notes: ''
}

describe('the health card rules', () => {
  it('raises the alert for an allergy, a listed disease, a flagged medicine, a pregnancy or an anaesthesia reaction', () => {
    expect(hasMedicalAlert(empty)).toBe(false)
    expect(hasMedicalAlert({ ...empty, diseases: [{ disease: 'other', name: 'Gastritis', note: '' }], medicines: [{ name: 'Omeprazole', kind: null }], anaesthesiaReactions: '  ' })).toBe(false)
    expect(hasMedicalAlert({ ...empty, allergies: [{ substance: 'latex', name: '', reaction: '', severity: 'mild' }] })).toBe(true)
    expect(hasMedicalAlert({ ...empty, diseases: [{ disease: 'hiv', name: '', note: '' }] })).toBe(true)
    expect(hasMedicalAlert({ ...empty, medicines: [{ name: 'Xarelto', kind: 'anticoagulant' }] })).toBe(true)
    expect(hasMedicalAlert({ ...empty, pregnant: true })).toBe(true)
    expect(hasMedicalAlert({ ...empty, anaesthesiaReactions: 'Fainted' })).toBe(true)
  })

  it('suggests the flag of known anticoagulants and bisphosphonates, in Latin and Cyrillic', () => {
    expect(['Warfarin 5 mg', 'Ксарелто 20', 'apixaban', 'Алендроновая кислота', 'Zoledronic acid', 'Paracetamol'].map(suggestMedicineKind))
      .toEqual(['anticoagulant', 'anticoagulant', 'anticoagulant', 'bisphosphonate', 'bisphosphonate', null])
  })

  it('combines two cards without losing or repeating an entry', () => {
    const latex = { substance: 'latex', name: '', reaction: 'Rash', severity: 'mild' as const }
    const combined = combineHealthCards(
      { ...empty, allergies: [latex], notes: 'A', anaesthesiaReactions: 'Fainted' },
      { ...empty, allergies: [{ ...latex, reaction: 'Other words' }, { substance: 'other', name: 'Kiwi', reaction: '', severity: 'mild' }], pregnant: true, pregnancyWeek: 8, notes: 'A', anaesthesiaReactions: 'Tachycardia' }
    )
    expect(combined.allergies.map((item) => item.substance)).toEqual(['latex', 'other'])
    expect(combined).toMatchObject({ pregnant: true, pregnancyWeek: 8, notes: 'A', anaesthesiaReactions: 'Fainted\nTachycardia' })
  })
})
