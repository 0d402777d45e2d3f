import type { BenchContext } from '../context'
import { againstTheSameSql } from '../direct-sql'
import type { Measurement } from '../measure'
import { ADMIN_EMAIL } from '../seed-clinic'
import type { ClientApplication } from '../../server/src/client'
import { permanentTeeth } from '../../domain/clinical/teeth'

/** Patients whose tab is opened, each with a full record (issue 14's size). */
const PATIENTS = 20
const CHART_EVENTS = 200
const CALLS = 60
/** What a chart entry charts at once: ten teeth (a full quadrant's examination). */
const TEETH_PER_ENTRY = 10
/** The statements of the tab's reads (the caller's session and role lookups are left out). */
const CLINICAL_TABLES = /from [`"](tooth_events|customers)[`"]/
/** A clinical table read from start to end is a missing index. */
const scansClinical = (plan: string) => /SCAN tooth_events\b|Seq Scan on tooth_events\b/.test(plan)

/** The reads the treatment tab makes when it opens, as the screens make them, at once. */
async function openTab(client: ClientApplication, customerId: string): Promise<number> {
  const [chart] = await Promise.all([
    client.service('tooth').find({ query: { customerId, $sort: { createdAt: -1 }, $limit: 500 } }),
    client.service('customers').get(customerId)
  ])
  return chart.data.length
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
  }
  return patients
}

/**
 * Issue 14: opening a patient's treatment tab with a full record (200 chart events) at the
 * dataset's size: the chart's events and the patient, read at once as the screen reads them.
 * Floor: the same statements straight to the driver.
 */
export async function benchTreatmentTab(context: BenchContext): Promise<Measurement> {
  const admin = await context.signIn(ADMIN_EMAIL)
  const patients = await recordsFor(context, admin)
  const items = Array.from({ length: CALLS }, (_, index) => patients[index % patients.length])
  const { subject, floor, results, planNote } = await againstTheSameSql(context.db, CLINICAL_TABLES, items, (customerId) => openTab(admin, customerId), scansClinical, `treatment-tab-${context.engine}`)
  const short = results.filter((events) => events < CHART_EVENTS).length
  return {
    name: `the treatment tab of a patient with ${CHART_EVENTS} chart events (events and patient at once)`,
    engine: context.engine,
    subject,
    floorName: 'the same SQL on the driver',
    floor,
    notes: [`${CALLS} openings of ${patients.length} patients of the main branch; ${short === 0 ? `each read its ${CHART_EVENTS} events` : `${short} read fewer than ${CHART_EVENTS} events!`}`, planNote]
  }
}
