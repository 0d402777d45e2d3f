import type { BenchContext } from '../context'
import { againstTheSameSql } from '../direct-sql'
import type { Measurement } from '../measure'
import { ADMIN_EMAIL } from '../seed-clinic'
import type { ClientApplication } from '../../server/src/client'
import { permanentTeeth } from '../../domain/clinical/teeth'

/** Patients whose tab is opened, each with a full record (issue 14's size). */
const PATIENTS = 20
const CHART_EVENTS = 200
const EXAMS = 30
const TREATMENT_LINES = 20
const PERIO_CHARTS = 3
const CALLS = 60
/** What a chart entry charts at once: ten teeth (a full quadrant's examination). */
const TEETH_PER_ENTRY = 10
/** The statements of the tab's reads (the caller's session and role lookups are left out). */
const CLINICAL_TABLES = /from [`"](tooth_events|exams|treatments|perio_charts|treatment_plans|customers)[`"]/
/** A clinical table read from start to end is a missing index. */
const scansClinical = (plan: string) => /(SCAN|Seq Scan on) (tooth_events|exams|treatments|perio_charts|treatment_plans)\b/.test(plan)

/**
 * The reads of opening the treatment tab, as the screen makes them: the tab's lists in one call
 * (`treatment-record`: chart, exams, perio, treatments done, plans) and the patient, whom the card
 * reads. Reading exams writes who viewed them.
 */
async function openTab(client: ClientApplication, customerId: string): Promise<{ events: number; exams: number }> {
  const [record] = await Promise.all([
    client.service('treatment-record').find({ query: { customerId } }),
    client.service('customers').get(customerId)
  ])
  return { events: record.tooth?.data.length ?? 0, exams: record.exam?.data.length ?? 0 }
}

/**
 * Gives the first patients of the main branch a full chart history, once: the dataset is kept
 * between runs, and a patient who already has one is left as is.
 */
async function recordsFor(context: BenchContext, admin: ClientApplication): Promise<string[]> {
  const { db, dataset } = context
  const patients = ((await db('customers').where({ companyId: dataset.companyId, branchId: dataset.branchIds[0] }).orderBy('_id').limit(PATIENTS).select('_id')) as Array<{ _id: string }>).map((row) => row._id)
  const teeth = permanentTeeth
  for (const customerId of patients) {
    const [{ count }] = (await db('tooth_events').where({ customerId }).count({ count: '*' })) as Array<{ count: number | string }>
    for (let made = Number(count), entry = 0; made < CHART_EVENTS; made += TEETH_PER_ENTRY, entry += 1) {
      const start = (entry * TEETH_PER_ENTRY) % teeth.length
      const chosen = Array.from({ length: TEETH_PER_ENTRY }, (_, index) => teeth[(start + index) % teeth.length])
      await admin.service('tooth').create({ customerId, code: 'C', status: entry % 2 === 0 ? 'existing' : 'done', teeth: chosen.map((tooth) => ({ tooth, surfaces: ['M'] })) })
    }
    const [{ exams }] = (await db('exams').where({ customerId }).count({ exams: '*' })) as Array<{ exams: number | string }>
    for (let made = Number(exams); made < EXAMS; made += 1) {
      const tooth = teeth[made % teeth.length]
      await admin.service('exam').create({
        customerId,
        complaints: { text: 'Pain on cold' },
        toothCodes: [{ tooth, code: 'C' }],
        diagnoses: [{ kind: 'final', icdCode: 'K02.1', teeth: [tooth] }],
        recommendations: 'Filling'
      })
    }
    await treatmentsFor(context, admin, customerId)
    const [{ charts }] = (await db('perio_charts').where({ customerId }).count({ charts: '*' })) as Array<{ charts: number | string }>
    for (let made = Number(charts); made < PERIO_CHARTS; made += 1) {
      const probed = teeth.slice(0, 16).map((tooth) => ({ tooth, mobility: 0, furcation: null, sites: Object.fromEntries(['MB', 'B', 'DB', 'ML', 'L', 'DL'].map((site, index) => [site, { depth: 2 + (index % 3), margin: 0, bleeding: index === 0, suppuration: false, plaque: false, calculus: false }])) }))
      await admin.service('perio').create({ customerId, teeth: probed })
    }
  }
  return patients
}

/** Treatments done in the patient's past visits (a line needs its visit), once. */
async function treatmentsFor(context: BenchContext, admin: ClientApplication, customerId: string) {
  const { db, dataset } = context
  const [{ lines }] = (await db('treatments').where({ customerId }).count({ lines: '*' })) as Array<{ lines: number | string }>
  if (Number(lines) >= TREATMENT_LINES) return
  const visits = (await db('appointment').where({ companyId: dataset.companyId, customerId }).orderBy('start').limit(TREATMENT_LINES).select('_id')) as Array<{ _id: string }>
  const service = dataset.services[0]._id
  for (let made = Number(lines); made < TREATMENT_LINES && visits.length > 0; made += 1) {
    await admin.service('treatment').create({ customerId, appointmentId: visits[made % visits.length]._id, serviceId: service, teeth: [{ tooth: 36, surfaces: ['O'] }] })
  }
}

/**
 * Issue 14: opening a patient's treatment tab with a full record (200 chart events, 30 exams) at
 * the dataset's size. Floor: the same reads straight to the driver (not the "viewed" row the exam
 * read writes to the activity log: an insert cannot be replayed with the same id).
 */
export async function benchTreatmentTab(context: BenchContext): Promise<Measurement> {
  const admin = await context.signIn(ADMIN_EMAIL)
  const patients = await recordsFor(context, admin)
  const items = Array.from({ length: CALLS }, (_, index) => patients[index % patients.length])
  const { subject, floor, results, planNote } = await againstTheSameSql(context.db, CLINICAL_TABLES, items, (customerId) => openTab(admin, customerId), scansClinical, `treatment-tab-${context.engine}`)
  const short = results.filter((read) => read.events < CHART_EVENTS || read.exams < EXAMS).length
  return {
    name: `the treatment tab of a patient with ${CHART_EVENTS} chart events and ${EXAMS} exams (its lists in one call, and the patient)`,
    engine: context.engine,
    subject,
    floorName: 'the same SQL on the driver',
    floor,
    notes: [`${CALLS} openings of ${patients.length} patients of the main branch; ${short === 0 ? `each read its ${CHART_EVENTS} events and ${EXAMS} exams` : `${short} read fewer!`}`, planNote]
  }
}
