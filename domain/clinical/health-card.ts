/**
 * The patient's health card (issue 14, item 7): the medical history a dentist reads before
 * treatment. One card per patient. The lists below are what the form offers; an allergy's
 * substance and a disease may also be typed freely (`other` with a text).
 * Why these lists and which entries raise the medical alert: docs/decisions/clinical-health-card.md.
 */

/** Substances dentists most often meet as allergies; labels under `healthCard.allergen.<key>`. */
export const commonAllergens = [
  'lidocaine', 'articaine', 'localAnaesthetics', 'penicillin', 'amoxicillin', 'latex', 'iodine',
  'nsaids', 'chlorhexidine', 'metals', 'acrylic'
] as const
export type CommonAllergen = (typeof commonAllergens)[number]

export const allergySeverities = ['mild', 'moderate', 'severe'] as const
export type AllergySeverity = (typeof allergySeverities)[number]

/**
 * Chronic diseases that change dental treatment; labels under `healthCard.disease.<key>`.
 * Every listed one raises the medical alert: each changes anaesthesia, bleeding control,
 * antibiotic cover or infection control. `other` (a typed name) does not, on its own.
 */
export const chronicDiseases = [
  'diabetes', 'hypertension', 'heartDisease', 'asthma', 'epilepsy', 'bleedingDisorder',
  'hepatitis', 'hiv', 'thyroid', 'kidneyDisease', 'osteoporosis', 'oncology'
] as const
export type ChronicDisease = (typeof chronicDiseases)[number]

/** Medicines that change a dental plan: anticoagulants (bleeding), bisphosphonates (jaw necrosis). */
export const flaggedMedicineKinds = ['anticoagulant', 'bisphosphonate'] as const
export type FlaggedMedicineKind = (typeof flaggedMedicineKinds)[number]

export const MAX_HEALTH_ITEMS = 50
export const MAX_HEALTH_TEXT = 200
export const MAX_HEALTH_NOTES = 5000

export interface Allergy {
  /** A common allergen's key (CommonAllergen), or `other` with `name`. */
  substance: string
  name: string
  reaction: string
  severity: AllergySeverity
}

export interface Disease {
  /** A listed disease's key (ChronicDisease), or `other` with `name`. */
  disease: string
  name: string
  note: string
}

export interface Medicine {
  name: string
  /** A FlaggedMedicineKind, or null: nothing a dentist must watch for. */
  kind: string | null
}

/** What decides the alert; the stored card has more (notes, review stamp). */
export interface HealthCardFacts {
  allergies: readonly Allergy[]
  diseases: readonly Disease[]
  medicines: readonly Medicine[]
  pregnant: boolean
  anaesthesiaReactions: string
}

/**
 * Whether a patient carries the medical alert: any allergy, a listed chronic disease, a flagged
 * medicine, a pregnancy or a past reaction to anaesthesia. This one boolean is all that leaves
 * the clinical circle (customers' `medicalAlert`).
 */
export function hasMedicalAlert(card: HealthCardFacts): boolean {
  return card.allergies.length > 0
    || card.diseases.some((entry) => entry.disease !== 'other')
    || card.medicines.some((medicine) => medicine.kind !== null)
    || card.pregnant
    || card.anaesthesiaReactions.trim() !== ''
}

/** Active substances (Latin and Cyrillic spellings, lower case) and the kind each belongs to. */
const knownMedicines: ReadonlyArray<[FlaggedMedicineKind, readonly string[]]> = [
  ['anticoagulant', [
    'warfarin', 'варфарин', 'rivaroxaban', 'ривароксабан', 'xarelto', 'ксарелто', 'apixaban', 'апиксабан', 'eliquis', 'эликвис',
    'dabigatran', 'дабигатран', 'pradaxa', 'прадакса', 'heparin', 'гепарин', 'clopidogrel', 'клопидогрел', 'acenocoumarol', 'аценокумарол'
  ]],
  ['bisphosphonate', [
    'alendron', 'алендрон', 'zoledron', 'золедрон', 'ibandron', 'ибандрон', 'risedron', 'ризедрон', 'pamidron', 'памидрон'
  ]]
]

/** The flag a typed medicine most likely deserves (the form proposes it; the doctor decides). */
export function suggestMedicineKind(name: string): FlaggedMedicineKind | null {
  const text = name.toLowerCase()
  for (const [kind, stems] of knownMedicines) if (stems.some((stem) => text.includes(stem))) return kind
  return null
}

/**
 * Two records of one person merged: the kept card keeps everything either card knew (an allergy
 * must never be lost by a merge). Lists are joined without repeats; the pregnancy and texts of
 * the card reviewed last win when both say something; the review stamp goes (nobody has reviewed
 * the combination).
 */
export function combineHealthCards<T extends HealthCardFacts & { notes: string; pregnancyWeek: number | null }>(kept: T, merged: T): T {
  const unique = <I>(items: readonly I[], key: (item: I) => string) => {
    const seen = new Set<string>()
    return items.filter((item) => (seen.has(key(item)) ? false : (seen.add(key(item)), true))).slice(0, MAX_HEALTH_ITEMS)
  }
  const join = (a: string, b: string) => [a.trim(), b.trim()].filter((text, index, all) => text !== '' && all.indexOf(text) === index).join('\n')
  return {
    ...kept,
    allergies: unique([...kept.allergies, ...merged.allergies], (item) => `${item.substance}:${item.name.toLowerCase()}`),
    diseases: unique([...kept.diseases, ...merged.diseases], (item) => `${item.disease}:${item.name.toLowerCase()}`),
    medicines: unique([...kept.medicines, ...merged.medicines], (item) => item.name.toLowerCase()),
    pregnant: kept.pregnant || merged.pregnant,
    pregnancyWeek: kept.pregnant ? kept.pregnancyWeek : merged.pregnancyWeek,
    anaesthesiaReactions: join(kept.anaesthesiaReactions, merged.anaesthesiaReactions).slice(0, MAX_HEALTH_NOTES),
    notes: join(kept.notes, merged.notes).slice(0, MAX_HEALTH_NOTES)
  }
}
