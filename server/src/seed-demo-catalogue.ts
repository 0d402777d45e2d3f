import type { Knex } from 'knex'
import { newId } from './hooks/ids'
import { serviceSearchColumns } from './services/catalogue/service/service.class'
import { normalizeSchedule, type StaffSchedule } from '../../domain/schedule/working-hours'
import type { TimeInterval } from '../../domain/schedule/intervals'
import { DEMO_PLACE_NAMES, DEMO_TIME_TEMPLATES, type DemoLocale, type Words } from './seed-demo-texts'

interface Stamp {
  companyId: string
  createdAt: string
  updatedAt: string
  createdBy: string
}

/** A service of the demo price list: its name in every demo language, minutes, price in som, and whether it is offered online. */
export interface DemoService {
  code: string
  names: Words
  duration: number
  bufferTime: number
  som: number
  online: boolean
}

export interface DemoCategory {
  names: Words
  services: DemoService[]
}

const service = (code: string, names: Words, duration: number, bufferTime: number, som: number, online: boolean): DemoService =>
  ({ code, names, duration, bufferTime, som, online })

/**
 * A Tashkent dental clinic's price list (2026 prices in som; stored in minor units, tiyin, as
 * every amount is), named as such a clinic writes it in Russian and in Uzbek. Consultations,
 * X-rays and hygiene are bookable online; treatment that needs a plan first is not.
 */
export const CATALOGUE: DemoCategory[] = [
  { names: { ru: 'Диагностика', uz: 'Diagnostika', en: 'Diagnostics' }, services: [
    service('D-01', { ru: 'Первичная консультация', uz: 'Birlamchi konsultatsiya', en: 'Initial consultation' }, 30, 0, 100_000, true),
    service('D-02', { ru: 'Прицельный рентгеновский снимок', uz: 'Prisel rentgen surati', en: 'Intraoral X-ray' }, 10, 0, 50_000, true),
    service('D-03', { ru: 'Ортопантомограмма (панорамный снимок)', uz: 'Ortopantomogramma (panoramali surat)', en: 'Orthopantomogram (panoramic X-ray)' }, 15, 0, 150_000, true),
    service('D-04', { ru: 'Компьютерная томография (КЛКТ)', uz: 'Kompyuter tomografiyasi (KT)', en: 'Cone beam CT scan' }, 20, 5, 450_000, true)
  ] },
  { names: { ru: 'Терапия', uz: 'Terapiya', en: 'Therapy' }, services: [
    service('T-01', { ru: 'Лечение кариеса, пломба из композита', uz: 'Kariesni davolash, kompozit plomba', en: 'Caries treatment, composite filling' }, 60, 5, 450_000, false),
    service('T-02', { ru: 'Лечение пульпита, один канал', uz: 'Pulpitni davolash, bitta kanal', en: 'Pulpitis treatment, one canal' }, 90, 10, 700_000, false),
    service('T-03', { ru: 'Лечение корневых каналов, многоканальный зуб', uz: 'Ildiz kanallarini davolash, ko‘p kanalli tish', en: 'Root canal treatment, several canals' }, 120, 10, 1_200_000, false),
    service('T-04', { ru: 'Временная пломба', uz: 'Vaqtinchalik plomba', en: 'Temporary filling' }, 20, 0, 100_000, false),
    service('T-05', { ru: 'Художественная реставрация зуба', uz: 'Tishni estetik restavratsiya qilish', en: 'Aesthetic restoration' }, 90, 5, 900_000, false)
  ] },
  { names: { ru: 'Гигиена', uz: 'Gigiyena', en: 'Hygiene' }, services: [
    service('H-01', { ru: 'Профессиональная гигиена (ультразвук, Air Flow)', uz: 'Professional gigiyena (ultratovush, Air Flow)', en: 'Professional hygiene (ultrasonic scaling, Air Flow)' }, 60, 10, 450_000, true),
    service('H-02', { ru: 'Чистка Air Flow', uz: 'Air Flow bilan tozalash', en: 'Air Flow polishing' }, 30, 10, 250_000, true),
    service('H-03', { ru: 'Покрытие зубов фторлаком', uz: 'Tishlarni ftorlak bilan qoplash', en: 'Fluoride varnish' }, 15, 0, 80_000, true),
    service('H-04', { ru: 'Кабинетное отбеливание зубов', uz: 'Klinikada tish oqartirish', en: 'In-office teeth whitening' }, 90, 10, 2_500_000, true)
  ] },
  { names: { ru: 'Хирургия', uz: 'Jarrohlik', en: 'Surgery' }, services: [
    service('S-01', { ru: 'Простое удаление зуба', uz: 'Tishni oddiy olib tashlash', en: 'Simple tooth extraction' }, 30, 15, 300_000, false),
    service('S-02', { ru: 'Сложное удаление зуба', uz: 'Tishni murakkab olib tashlash', en: 'Complex tooth extraction' }, 60, 15, 600_000, false),
    service('S-03', { ru: 'Удаление зуба мудрости', uz: 'Aql tishini olib tashlash', en: 'Wisdom tooth removal' }, 90, 15, 1_000_000, false),
    service('S-04', { ru: 'Установка дентального имплантата', uz: 'Dental implant o‘rnatish', en: 'Dental implant placement' }, 120, 20, 6_000_000, false)
  ] },
  { names: { ru: 'Ортопедия', uz: 'Ortopediya', en: 'Orthopedics' }, services: [
    service('O-01', { ru: 'Металлокерамическая коронка', uz: 'Metallokeramik toj', en: 'Metal-ceramic crown' }, 60, 5, 1_800_000, false),
    service('O-02', { ru: 'Коронка из диоксида циркония', uz: 'Sirkoniy dioksidli toj', en: 'Zirconia crown' }, 60, 5, 3_500_000, false),
    service('O-03', { ru: 'Керамический винир (E.max)', uz: 'Keramik vinir (E.max)', en: 'Ceramic veneer (E.max)' }, 90, 5, 4_000_000, false),
    service('O-04', { ru: 'Полный съёмный протез', uz: 'To‘liq olinadigan protez', en: 'Full removable denture' }, 60, 5, 3_000_000, false)
  ] },
  { names: { ru: 'Ортодонтия', uz: 'Ortodontiya', en: 'Orthodontics' }, services: [
    service('OR-01', { ru: 'Консультация ортодонта', uz: 'Ortodont konsultatsiyasi', en: 'Orthodontist consultation' }, 30, 0, 150_000, true),
    service('OR-02', { ru: 'Металлическая брекет-система, одна челюсть', uz: 'Metall breket-tizim, bitta jag‘', en: 'Metal braces, one arch' }, 120, 10, 8_000_000, false),
    service('OR-03', { ru: 'План лечения элайнерами', uz: 'Elaynerlar bilan davolash rejasi', en: 'Clear aligner treatment plan' }, 60, 0, 15_000_000, false),
    service('OR-04', { ru: 'Активация брекет-системы', uz: 'Breket-tizimni faollashtirish', en: 'Braces adjustment visit' }, 30, 5, 300_000, false)
  ] },
  { names: { ru: 'Детская стоматология', uz: 'Bolalar stomatologiyasi', en: 'Pediatric' }, services: [
    service('P-01', { ru: 'Первый визит ребёнка', uz: 'Bolaning birinchi tashrifi', en: 'Child\'s first visit' }, 30, 5, 80_000, true),
    service('P-02', { ru: 'Пломбирование молочного зуба', uz: 'Sut tishini plombalash', en: 'Milk tooth filling' }, 45, 5, 300_000, false),
    service('P-03', { ru: 'Герметизация фиссур, один зуб', uz: 'Fissuralarni germetizatsiya qilish, bitta tish', en: 'Fissure sealing, one tooth' }, 30, 5, 200_000, false),
    service('P-04', { ru: 'Удаление молочного зуба', uz: 'Sut tishini olib tashlash', en: 'Milk tooth extraction' }, 20, 10, 150_000, false)
  ] }
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

const TIME_TEMPLATES: Array<[Words, TimeInterval[]]> = [
  [DEMO_TIME_TEMPLATES.morning, [span('08:00', '14:00')]],
  [DEMO_TIME_TEMPLATES.evening, [span('14:00', '20:00')]]
]

/** How many chairs each branch has, in branch order (the main branch has more). */
export const DEMO_CHAIRS = [4, 3]

/**
 * The demo clinic's catalogue in the company's language: service categories and services, the
 * chairs (rank = number - 1) and X-ray room of each branch, and the shift templates.
 */
export async function seedDemoCatalogue(db: Knex, stamp: Stamp, branchIds: string[], locale: DemoLocale) {
  let rank = 0
  for (const [categoryRank, category] of CATALOGUE.entries()) {
    const categoryId = newId()
    await db('service_categories').insert({ _id: categoryId, ...stamp, name: category.names[locale], rank: categoryRank })
    const rows = category.services.map(({ code, names, duration, bufferTime, som, online }) => ({
      _id: newId(),
      ...stamp,
      categoryId,
      name: names[locale],
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
      ...serviceSearchColumns({ name: names[locale], code })
    }))
    await db('services').insert(rows)
  }
  for (const [index, branchId] of branchIds.entries()) {
    const places = [
      ...Array.from({ length: DEMO_CHAIRS[index] }, (_, chair) => ({ name: DEMO_PLACE_NAMES.chair(chair + 1)[locale], kind: 'chair' })),
      { name: DEMO_PLACE_NAMES.room[locale], kind: 'room' }
    ]
    await db('work_places').insert(places.map((place, placeRank) => ({ _id: newId(), ...stamp, branchId, ...place, color: null, rank: placeRank, active: true })))
  }
  for (const [names, intervals] of TIME_TEMPLATES) {
    await db('time_templates').insert({ _id: newId(), ...stamp, name: names[locale], intervals: JSON.stringify(intervals) })
  }
}
