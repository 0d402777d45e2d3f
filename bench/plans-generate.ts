import type { Knex } from 'knex'
import { newId } from '../server/src/hooks/ids'
import { databaseEngine } from '../server/src/db'
import { createPlanStatsTriggers, dropPlanStatsTriggers, markEveryPlanDay } from '../server/migrations/20261207100000_plan_day_stats'
import { createFunnelReachTriggers, dropFunnelReachTriggers } from '../server/migrations/20261208100000_funnel_reach'
import { rebuildCompanyFunnelReach } from '../server/src/services/reports/customer-conversion-funnel-reports/funnel-steps'
import { TREATMENT_PLAN_TABLE, treatmentPlanCodec } from '../server/src/services/clinical/treatment-plan/treatment-plan-rows'
import { needsBooking, type PlanItemStatus, type StoredPlanStatus } from '../domain/clinical/treatment-plans'

/**
 * Treatment plans for a kept bench dataset, which the generator made without any (issue 19, the
 * treatment plans report; docs/decisions/reports.md). Opt-in (`--plans <every>`), and only
 * where the company has none yet: on PostgreSQL the dataset's schema is shared by every checkout
 * on the machine, and the conversion funnel reads plans too.
 *
 * One plan for every `every`-th completed visit, made that day by its doctor in its branch for
 * its patient: one to three phases of one or two items of the catalogue (item prices as the
 * catalogue's), states spread as a clinic's might be (2 of 10 presented, 4 accepted, 1 partially
 * done, 2 done, 1 refused); an accepted plan's first phase is linked to the visit itself (over,
 * so its items count as unscheduled once the report looks at the visit).
 */
const STATES: StoredPlanStatus[] = ['presented', 'presented', 'accepted', 'accepted', 'accepted', 'accepted', 'partially-done', 'done', 'done', 'rejected']

export async function generatePlans(db: Knex, companyId: string, every: number): Promise<number> {
  const existing = await db(TREATMENT_PLAN_TABLE).where({ companyId }).first('_id')
  if (existing) return 0
  const services = (await db('services').where({ companyId }).select('_id', 'name', 'duration', 'price').limit(40)) as Array<{ _id: string; name: string; duration: number; price: number }>
  if (services.length === 0) return 0
  // Visits read a page at a time by id (at the full size there are millions), every `every`-th completed one made a plan.
  // The plans' rollup trigger is dropped while they are written, and their days marked once after (as the migration marks existing plans);
  // the funnel's reach trigger too, the reach built whole after (as the migration builds it).
  await dropPlanStatsTriggers(db)
  await dropFunnelReachTriggers(db)
  const rows: Array<Record<string, unknown>> = []
  let made = 0
  let index = 0
  let after = ''
  for (;;) {
    // By primary key alone, the company and status judged here: with them in the statement, SQLite chose their index and sorted every completed visit for each page.
    const page = (await db('appointment').where('_id', '>', after).select('_id', 'companyId', 'status', 'customerId', 'branchId', 'staffId', 'date').orderBy('_id').limit(20_000)) as Array<{ _id: string; companyId: string; status: string; customerId: string | null; branchId: string; staffId: string; date: string }>
    if (page.length === 0) break
    after = page[page.length - 1]._id
    for (const visit of page) {
      if (visit.companyId !== companyId || visit.status !== 'completed') continue
      if (index++ % every !== 0 || !visit.customerId) continue
      const status = STATES[made % STATES.length]
      const phaseCount = 1 + (made % 3)
      const phases = Array.from({ length: phaseCount }, (_, phase) => {
        const items = Array.from({ length: 1 + ((made + phase) % 2) }, (_, at) => {
          const service = services[(made * 7 + phase * 3 + at) % services.length]
          const itemStatus: PlanItemStatus = status === 'done' || (status === 'partially-done' && phase === 0) ? 'done' : status === 'rejected' ? 'rejected' : 'planned'
          return {
            _id: newId(), teeth: [{ tooth: 11 + ((made + at) % 8), surfaces: [] }], serviceId: service._id, serviceName: service.name, serviceCode: null, duration: service.duration,
            quantity: 1, price: service.price, discount: 0, doctorId: null, urgency: 'planned', alternativeGroup: null, alternative: null, status: itemStatus, treatmentId: null
          }
        })
        return { _id: newId(), title: `Phase ${phase + 1}`, items, appointmentId: phase === 0 && status !== 'presented' && status !== 'rejected' ? visit._id : null }
      })
      rows.push(treatmentPlanCodec.toDb({
        _id: newId(), companyId, branchId: visit.branchId, customerId: visit.customerId, title: 'Plan', doctorId: visit.staffId, status, consultationDate: visit.date,
        phases, needsBooking: needsBooking(status, phases), copiedFrom: null
      }))
      made += 1
      if (rows.length === 200) await db(TREATMENT_PLAN_TABLE).insert(rows.splice(0))
    }
  }
  if (rows.length) await db(TREATMENT_PLAN_TABLE).insert(rows)
  await createPlanStatsTriggers(db)
  await markEveryPlanDay(db)
  await createFunnelReachTriggers(db)
  // What autovacuum does to a table after a large insert, before the reports are measured: without it PostgreSQL
  // planned the funnel's plan probes on the empty table's statistics (15 s a year) and its index-only scans read the
  // heap for every plan (no visibility map yet).
  if (databaseEngine(db) === 'postgres') await db.raw(`vacuum analyze ${TREATMENT_PLAN_TABLE}`)
  await rebuildCompanyFunnelReach(db, companyId)
  return made
}
