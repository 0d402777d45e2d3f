import type { Knex } from 'knex'
import { newId } from './hooks/ids'
import { normalizeCatalogueText } from '../../domain/catalogue/search'
import type { DemoLocale, Words } from './seed-demo-texts'

interface Stamp {
  companyId: string
  createdAt: string
  updatedAt: string
  createdBy: string
}

type Specialty = 'Therapist' | 'Orthodontist' | 'Surgeon' | 'Hygienist'
/** A line by the demo price list's code (seed-demo-catalogue.ts) and a quantity. */
type Line = [code: string, quantity: number]

interface DemoBundle {
  key: string
  names: Words
  specialty: Specialty | null
  lines: Line[]
}

interface DemoTemplate {
  names: Words
  specialty: Specialty
  icd: string[]
  phases: Array<{ title: Words; bundle?: string; lines: Line[] }>
}

/** Sets of services a Tashkent clinic books or plans together (issue 15). */
export const DEMO_BUNDLES: DemoBundle[] = [
  { key: 'first-visit', names: { ru: 'Первичный приём с панорамным снимком', uz: 'Panoramali surat bilan birlamchi qabul', en: 'First visit with panoramic X-ray' }, specialty: null, lines: [['D-01', 1], ['D-03', 1]] },
  { key: 'hygiene', names: { ru: 'Профессиональная гигиена и фторлак', uz: 'Professional gigiyena va ftorlak', en: 'Professional hygiene and fluoride varnish' }, specialty: 'Hygienist', lines: [['H-01', 1], ['H-03', 1]] },
  { key: 'pulpitis', names: { ru: 'Лечение пульпита с контрольными снимками', uz: 'Nazorat suratlari bilan pulpitni davolash', en: 'Pulpitis treatment with check X-rays' }, specialty: 'Therapist', lines: [['D-02', 2], ['T-02', 1], ['T-04', 1]] },
  { key: 'implant', names: { ru: 'Имплантация под ключ', uz: 'To‘liq implantatsiya', en: 'Implant, start to finish' }, specialty: 'Surgeon', lines: [['D-04', 1], ['S-04', 1], ['O-02', 1]] },
  { key: 'kids', names: { ru: 'Детская профилактика', uz: 'Bolalar profilaktikasi', en: 'Children\'s prevention' }, specialty: null, lines: [['P-01', 1], ['P-03', 4], ['H-03', 1]] }
]

/** Treatment templates per specialty for common dental diagnoses (ICD-10 codes of the shipped list). */
export const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    names: { ru: 'Пульпит: лечение каналов и коронка', uz: 'Pulpit: kanallarni davolash va toj', en: 'Pulpitis: root canals and a crown' },
    specialty: 'Therapist',
    icd: ['K04.0', 'K04.1'],
    phases: [
      { title: { ru: 'Лечение каналов', uz: 'Kanallarni davolash', en: 'Root canal treatment' }, lines: [['D-02', 2], ['T-03', 1], ['T-04', 1]] },
      { title: { ru: 'Коронка', uz: 'Toj', en: 'Crown' }, lines: [['O-02', 1]] }
    ]
  },
  {
    names: { ru: 'Кариес дентина', uz: 'Dentin kariesi', en: 'Dentine caries' },
    specialty: 'Therapist',
    icd: ['K02.1'],
    phases: [{ title: { ru: 'Пломбирование', uz: 'Plombalash', en: 'Filling' }, lines: [['D-02', 1], ['T-01', 1]] }]
  },
  {
    names: { ru: 'Гингивит: гигиена и контроль', uz: 'Gingivit: gigiyena va nazorat', en: 'Gingivitis: hygiene and review' },
    specialty: 'Hygienist',
    icd: ['K05.0', 'K05.1'],
    phases: [
      { title: { ru: 'Гигиена', uz: 'Gigiyena', en: 'Hygiene' }, bundle: 'hygiene', lines: [] },
      { title: { ru: 'Контрольный осмотр через месяц', uz: 'Bir oydan keyin nazorat ko‘rigi', en: 'Review after a month' }, lines: [['D-01', 1]] }
    ]
  },
  {
    names: { ru: 'Отсутствие зуба: имплантация', uz: 'Tish yo‘qligi: implantatsiya', en: 'Missing tooth: implant' },
    specialty: 'Surgeon',
    icd: ['K08.1'],
    phases: [
      { title: { ru: 'Диагностика', uz: 'Diagnostika', en: 'Diagnostics' }, lines: [['D-04', 1]] },
      { title: { ru: 'Установка имплантата', uz: 'Implant o‘rnatish', en: 'Implant placement' }, lines: [['S-04', 1]] },
      { title: { ru: 'Коронка на имплантат', uz: 'Implant ustiga toj', en: 'Crown on the implant' }, lines: [['O-02', 1]] }
    ]
  }
]

/**
 * The demo clinic's bundles and treatment templates in the company's language, after its
 * catalogue (services are found by their codes) and specialties.
 */
export async function seedDemoBundles(db: Knex, stamp: Stamp, locale: DemoLocale, specialtyIds: ReadonlyMap<string, string>) {
  const services = (await db('services').where({ companyId: stamp.companyId }).select('_id', 'code')) as Array<{ _id: string; code: string | null }>
  const serviceId = new Map(services.map((service) => [service.code, service._id]))
  const items = (lines: Line[]) => JSON.stringify(lines.map(([code, quantity]) => ({ serviceId: serviceId.get(code)!, quantity })))
  const specialty = (key: Specialty | null) => (key ? (specialtyIds.get(key) ?? null) : null)
  const bundleIds = new Map<string, string>()
  for (const bundle of DEMO_BUNDLES) {
    const _id = newId()
    bundleIds.set(bundle.key, _id)
    const name = bundle.names[locale]
    await db('bundles').insert({ _id, ...stamp, name, searchName: normalizeCatalogueText(name), specialtyId: specialty(bundle.specialty), items: items(bundle.lines), archived: false })
  }
  for (const template of DEMO_TEMPLATES) {
    const name = template.names[locale]
    const phases = template.phases.map((phase) => ({
      title: phase.title[locale],
      ...(phase.bundle ? { bundleId: bundleIds.get(phase.bundle)! } : {}),
      items: JSON.parse(items(phase.lines)) as unknown[]
    }))
    await db('treatment_templates').insert({
      _id: newId(),
      ...stamp,
      name,
      searchName: normalizeCatalogueText(name),
      specialtyId: specialty(template.specialty),
      icd: JSON.stringify(template.icd),
      phases: JSON.stringify(phases),
      archived: false
    })
  }
}
