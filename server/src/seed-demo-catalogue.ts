import type { Knex } from 'knex'
import { newId } from './hooks/ids'
import { serviceSearchColumns } from './services/catalogue/service/service.class'
import { normalizeSchedule, type StaffSchedule } from '../../domain/schedule/working-hours'
import type { TimeInterval } from '../../domain/schedule/intervals'

interface Stamp {
  companyId: string
  createdAt: string
  updatedAt: string
  createdBy: string
}

/** [code, name, minutes, buffer minutes, price in som, offered online] */
type DemoService = [string, string, number, number, number, boolean]

/**
 * A Tashkent dental clinic's price list (2026 prices in som; stored in minor units, tiyin, as
 * every amount is). Consultations, X-rays and hygiene are bookable online; treatment that needs
 * a plan first is not.
 */
export const CATALOGUE: Array<[string, DemoService[]]> = [
  ['Diagnostics', [
    ['D-01', 'Initial consultation', 30, 0, 100_000, true],
    ['D-02', 'Intraoral X-ray', 10, 0, 50_000, true],
    ['D-03', 'Orthopantomogram (panoramic X-ray)', 15, 0, 150_000, true],
    ['D-04', 'Cone beam CT scan', 20, 5, 450_000, true]
  ]],
  ['Therapy', [
    ['T-01', 'Caries treatment, composite filling', 60, 5, 450_000, false],
    ['T-02', 'Pulpitis treatment, one canal', 90, 10, 700_000, false],
    ['T-03', 'Root canal treatment, several canals', 120, 10, 1_200_000, false],
    ['T-04', 'Temporary filling', 20, 0, 100_000, false],
    ['T-05', 'Aesthetic restoration', 90, 5, 900_000, false]
  ]],
  ['Hygiene', [
    ['H-01', 'Professional hygiene (ultrasonic scaling, Air Flow)', 60, 10, 450_000, true],
    ['H-02', 'Air Flow polishing', 30, 10, 250_000, true],
    ['H-03', 'Fluoride varnish', 15, 0, 80_000, true],
    ['H-04', 'In-office teeth whitening', 90, 10, 2_500_000, true]
  ]],
  ['Surgery', [
    ['S-01', 'Simple tooth extraction', 30, 15, 300_000, false],
    ['S-02', 'Complex tooth extraction', 60, 15, 600_000, false],
    ['S-03', 'Wisdom tooth removal', 90, 15, 1_000_000, false],
    ['S-04', 'Dental implant placement', 120, 20, 6_000_000, false]
  ]],
  ['Orthopedics', [
    ['O-01', 'Metal-ceramic crown', 60, 5, 1_800_000, false],
    ['O-02', 'Zirconia crown', 60, 5, 3_500_000, false],
    ['O-03', 'Ceramic veneer (E.max)', 90, 5, 4_000_000, false],
    ['O-04', 'Full removable denture', 60, 5, 3_000_000, false]
  ]],
  ['Orthodontics', [
    ['OR-01', 'Orthodontist consultation', 30, 0, 150_000, true],
    ['OR-02', 'Metal braces, one arch', 120, 10, 8_000_000, false],
    ['OR-03', 'Clear aligner treatment plan', 60, 0, 15_000_000, false],
    ['OR-04', 'Braces adjustment visit', 30, 5, 300_000, false]
  ]],
  ['Pediatric', [
    ['P-01', 'Child\'s first visit', 30, 5, 80_000, true],
    ['P-02', 'Milk tooth filling', 45, 5, 300_000, false],
    ['P-03', 'Fissure sealing, one tooth', 30, 5, 200_000, false],
    ['P-04', 'Milk tooth extraction', 20, 10, 150_000, false]
  ]]
]

/** Fixed prices: what a consultation or an X-ray costs does not change at the chair. */
const STATIC_PRICE = new Set(['D-01', 'D-02', 'D-03', 'D-04', 'OR-01', 'P-01'])

const span = (start: string, end: string): TimeInterval => ({ start, end })
const days = (keys: string[], intervals: TimeInterval[]) => Object.fromEntries(keys.map((key) => [key, intervals]))

/** The demo doctors' weekly hours, by e-mail: different shifts, Sunday off for everyone. */
export const DEMO_SCHEDULES: Record<string, StaffSchedule> = {
  // A full day with a lunch break, and a short Saturday.
  'karimov@demo.clinic': {
    week: { ...days(['1', '2', '3', '4', '5'], [span('09:00', '13:00'), span('14:00', '18:00')]), '6': [span('09:00', '14:00')], '7': [] }
  },
  // Alternating morning and evening shifts.
  'smirnova@demo.clinic': {
    week: { ...days(['1', '3', '5'], [span('08:00', '14:00')]), ...days(['2', '4'], [span('14:00', '20:00')]), '6': [span('10:00', '15:00')], '7': [] }
  },
  // Afternoons and evenings (surgery lists), an early Friday, weekends off.
  'virtanen@demo.clinic': {
    week: { ...days(['1', '2', '3', '4'], [span('12:00', '20:00')]), '5': [span('09:00', '15:00')], '6': [], '7': [] }
  }
}

/** The demo schedule of a team member (stored form), or none. */
export function demoScheduleFor(email: string): StaffSchedule {
  const schedule = DEMO_SCHEDULES[email]
  return schedule ? normalizeSchedule(schedule) : {}
}

const TIME_TEMPLATES: Array<[string, TimeInterval[]]> = [
  ['Morning shift', [span('08:00', '14:00')]],
  ['Evening shift', [span('14:00', '20:00')]]
]

/**
 * The demo clinic's catalogue: service categories and services, the chairs and X-ray room of
 * each branch (the main branch has more), and the shift templates.
 */
export async function seedDemoCatalogue(db: Knex, stamp: Stamp, branchIds: string[]) {
  let rank = 0
  for (const [categoryRank, [category, services]] of CATALOGUE.entries()) {
    const categoryId = newId()
    await db('service_categories').insert({ _id: categoryId, ...stamp, name: category, rank: categoryRank })
    const rows = services.map(([code, name, duration, bufferTime, som, online]) => ({
      _id: newId(),
      ...stamp,
      categoryId,
      name,
      code,
      description: null,
      duration,
      bufferTime,
      price: som * 100,
      public: online,
      staticPrice: STATIC_PRICE.has(code),
      staticDuration: false,
      rank: rank++,
      color: null,
      archived: false,
      ...serviceSearchColumns({ name, code })
    }))
    await db('services').insert(rows)
  }
  for (const [index, branchId] of branchIds.entries()) {
    const chairs = index === 0 ? 4 : 3
    const places = [
      ...Array.from({ length: chairs }, (_, chair) => ({ name: `Chair ${chair + 1}`, kind: 'chair' })),
      { name: 'X-ray room', kind: 'room' }
    ]
    await db('work_places').insert(places.map((place, placeRank) => ({ _id: newId(), ...stamp, branchId, ...place, color: null, rank: placeRank, active: true })))
  }
  for (const [name, intervals] of TIME_TEMPLATES) {
    await db('time_templates').insert({ _id: newId(), ...stamp, name, intervals: JSON.stringify(intervals) })
  }
}
