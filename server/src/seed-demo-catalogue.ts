import type { Knex } from 'knex'
import { newId } from './hooks/ids'
import { normalizeCatalogueText } from '../../domain/catalogue/search'
import type { StaffSchedule } from '../../domain/schedule/working-hours'
import type { TimeInterval } from '../../domain/schedule/intervals'

interface Stamp {
  companyId: string
  createdAt: string
  updatedAt: string
  createdBy: string
}

/** A service of the demo catalogue as appointments copy it. */
export interface DemoService {
  _id: string
  name: string
  code: string
  duration: number
  bufferTime: number
  price: number
  /** Which doctors offer it: the specialty it belongs to. */
  specialty: DemoSpecialty
}

export type DemoSpecialty = 'Therapist' | 'Orthodontist' | 'Surgeon' | 'Hygienist'

/** [category, specialty, name, code, minutes, buffer minutes, price in sum] */
const CATALOGUE: Array<[string, DemoSpecialty, string, string, number, number, number]> = [
  ['Therapy', 'Therapist', 'Consultation and examination', 'T01', 30, 0, 100_000],
  ['Therapy', 'Therapist', 'Composite filling', 'T02', 60, 10, 450_000],
  ['Therapy', 'Therapist', 'Root canal treatment', 'T03', 90, 10, 1_200_000],
  ['Therapy', 'Therapist', 'Temporary filling', 'T04', 30, 0, 150_000],
  ['Orthodontics', 'Orthodontist', 'Orthodontic consultation', 'O01', 30, 0, 150_000],
  ['Orthodontics', 'Orthodontist', 'Braces adjustment', 'O02', 45, 0, 300_000],
  ['Orthodontics', 'Orthodontist', 'Braces fitting', 'O03', 120, 15, 6_500_000],
  ['Orthodontics', 'Orthodontist', 'Aligner check', 'O04', 30, 0, 200_000],
  ['Surgery', 'Surgeon', 'Tooth extraction', 'S01', 45, 15, 400_000],
  ['Surgery', 'Surgeon', 'Wisdom tooth removal', 'S02', 90, 15, 1_500_000],
  ['Surgery', 'Surgeon', 'Implant placement', 'S03', 120, 15, 9_000_000],
  ['Surgery', 'Surgeon', 'Post-operative check', 'S04', 15, 0, 0],
  ['Hygiene', 'Hygienist', 'Professional cleaning', 'H01', 60, 10, 350_000],
  ['Hygiene', 'Hygienist', 'Air Flow polishing', 'H02', 45, 10, 300_000],
  ['Hygiene', 'Hygienist', 'Fluoride varnish', 'H03', 20, 0, 120_000],
  ['Diagnostics', 'Hygienist', 'Panoramic X-ray', 'D01', 15, 5, 120_000]
]

const CATEGORY_COLORS: Record<string, string> = { Therapy: '#1677ff', Orthodontics: '#eb2f96', Surgery: '#fa541c', Hygiene: '#13c2c2', Diagnostics: '#722ed1' }

/** The demo services with fresh ids (prices in minor units), in catalogue order. */
export function demoServices(id: () => string): DemoService[] {
  return CATALOGUE.map(([, specialty, name, code, duration, bufferTime, price]) => ({ _id: id(), name, code, duration, bufferTime, price: price * 100, specialty }))
}

/**
 * The demo catalogue: categories and the services each specialty offers (durations, buffer time
 * for cleaning the chair, prices in sum stored in minor units), and a few day templates.
 */
export async function seedDemoCatalogue(db: Knex, stamp: Stamp): Promise<DemoService[]> {
  const categoryIds = new Map<string, string>()
  for (const name of Object.keys(CATEGORY_COLORS)) {
    const _id = newId()
    categoryIds.set(name, _id)
    await db('service_categories').insert({ _id, ...stamp, name, rank: categoryIds.size })
  }
  const services = demoServices(newId)
  await db('services').insert(
    CATALOGUE.map(([category, , name, code, , , ], rank) => ({
      _id: services[rank]._id,
      ...stamp,
      categoryId: categoryIds.get(category),
      name,
      code,
      description: null,
      duration: services[rank].duration,
      bufferTime: services[rank].bufferTime,
      price: services[rank].price,
      public: category !== 'Diagnostics',
      staticPrice: false,
      staticDuration: false,
      rank: rank + 1,
      color: CATEGORY_COLORS[category],
      archived: false,
      searchName: normalizeCatalogueText(name),
      searchCode: normalizeCatalogueText(code)
    }))
  )
  const templates: Array<[string, TimeInterval[]]> = [
    ['Full day', [{ start: '09:00', end: '13:00' }, { start: '14:00', end: '18:00' }]],
    ['Morning shift', [{ start: '08:00', end: '14:00' }]],
    ['Evening shift', [{ start: '13:00', end: '20:00' }]]
  ]
  for (const [name, intervals] of templates) await db('time_templates').insert({ _id: newId(), ...stamp, name, intervals: JSON.stringify(intervals) })
  return services
}

/** The chairs and rooms of each branch, in order: what the demo doctors work at. */
export const DEMO_WORK_PLACES: Record<'main' | 'second', Array<{ name: string; kind: 'chair' | 'room'; color: string }>> = {
  main: [
    { name: 'Chair 1', kind: 'chair', color: '#1677ff' },
    { name: 'Chair 2', kind: 'chair', color: '#eb2f96' },
    { name: 'Chair 3', kind: 'chair', color: '#fa8c16' },
    { name: 'X-ray room', kind: 'room', color: '#722ed1' }
  ],
  second: [
    { name: 'Chair 1', kind: 'chair', color: '#13c2c2' },
    { name: 'Chair 2', kind: 'chair', color: '#52c41a' }
  ]
}

/** Writes the branch's work places; returns their ids by name. */
export async function seedDemoWorkPlaces(db: Knex, stamp: Stamp, branchId: string, places: (typeof DEMO_WORK_PLACES)['main']): Promise<Map<string, string>> {
  const ids = new Map<string, string>()
  for (const [rank, place] of places.entries()) {
    const _id = newId()
    ids.set(place.name, _id)
    await db('work_places').insert({ _id, ...stamp, branchId, name: place.name, kind: place.kind, color: place.color, rank: rank + 1, active: true })
  }
  return ids
}

const day = (...intervals: Array<[string, string]>): TimeInterval[] => intervals.map(([start, end]) => ({ start, end }))

/** A full week's hours in the stored (normalised) shape: every weekday present, no dated exceptions. */
export function weekSchedule(days: Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', TimeInterval[]>>): StaffSchedule {
  return { week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((key) => [key, days[key as '1'] ?? []])), dates: {} }
}

export const demoHours = { day }
