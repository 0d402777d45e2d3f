import type { Knex } from 'knex'
import { seededRandom } from './demo-people'
import { newId } from './hooks/ids'
import { TREATMENT_PLAN_TABLE, treatmentPlanCodec } from './services/clinical/treatment-plan/treatment-plan-rows'
import { needsBooking, type StoredPlanStatus } from '../../domain/clinical/treatment-plans'
import { holdsSlot, type AppointmentStatus } from '../../domain/appointments/status'
import { demoVisitsDone, type DemoAppointment } from './seed-demo-week'
import { DEMO_PLAN_TITLES, demoPhaseTitle, type DemoLocale } from './seed-demo-texts'

const MINUTE = 60_000

export interface DemoPlansInput {
  companyId: string
  now: number
  appointments: DemoAppointment[]
  language: DemoLocale
}

/**
 * What becomes of the demo's plans, in turn (issue 19: the treatment plans report and the
 * conversion funnel's plan steps showed nothing in the demo): a plan presented and still being
 * thought over, one accepted, one refused, one accepted.
 */
const OUTCOMES: StoredPlanStatus[] = ['presented', 'accepted', 'rejected', 'accepted']

/** Teeth a plan's items treat (FDI numbers of the back teeth, where fillings and crowns go). */
const TEETH = [16, 17, 26, 27, 36, 37, 46, 47, 15, 25, 35, 45]

/**
 * The demo clinic's treatment plans: every second patient whose visit this week is done got a
 * plan from that visit's doctor on the visit's day: one or two phases of one or two priced
 * services of the catalogue, each on a tooth. Accepted plans' first phase is booked on the
 * patient's next visit ahead when they have one (the report's "booked"); otherwise it waits to be
 * booked ("accepted, unscheduled"). A refused plan keeps its items as they were, as the service's
 * `reject` does. Nothing is done yet: a done item is a treatment's, and the
 * demo's treatments are the visits' own services. Rows written straight (the clinical area's
 * codec), as the appointments are; the triggers mark the plans' rollup and the funnel.
 * Deterministic: the same week gets the same plans.
 */
export async function seedDemoPlans(db: Knex, input: DemoPlansInput): Promise<number> {
  const random = seededRandom(23)
  const services = ((await db('services').where({ companyId: input.companyId, archived: false }).where('price', '>', 0).orderBy('code').select('_id', 'code', 'name', 'duration', 'price')) as Array<{ _id: string; code: string | null; name: string; duration: number; price: unknown }>)
  if (services.length === 0) return 0
  const byStart = [...input.appointments].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
  const done = demoVisitsDone(byStart, input.now)
  const ahead = (customerId: string) => byStart.find((visit) => visit.customerId === customerId && Date.parse(visit.start) > input.now && holdsSlot(visit.status as AppointmentStatus))
  const planned = new Set<string>()
  const rows: Array<Record<string, unknown>> = []
  for (const visit of done) {
    const customerId = visit.customerId as string
    if (planned.has(customerId)) continue
    planned.add(customerId)
    if (planned.size % 2 === 0) continue
    const status = OUTCOMES[rows.length % OUTCOMES.length]
    const next = status === 'accepted' ? ahead(customerId) : undefined
    const phases = Array.from({ length: 1 + Math.floor(random() * 2) }, (_, phase) => ({
      _id: newId(),
      title: demoPhaseTitle(phase + 1, input.language),
      items: Array.from({ length: 1 + Math.floor(random() * 2) }, () => {
        const service = services[Math.floor(random() * services.length)]
        return {
          _id: newId(), teeth: [{ tooth: TEETH[Math.floor(random() * TEETH.length)], surfaces: [] }], serviceId: service._id, serviceName: service.name,
          serviceCode: service.code, duration: Number(service.duration), quantity: 1, price: Number(service.price), discount: 0, doctorId: null,
          urgency: 'planned', alternativeGroup: null, alternative: null, status: 'planned' as const, treatmentId: null
        }
      }),
      appointmentId: phase === 0 && next ? next._id : null
    }))
    const stamp = new Date(Date.parse(visit.end) - 5 * MINUTE).toISOString()
    rows.push(treatmentPlanCodec.toDb({
      _id: newId(), companyId: input.companyId, createdAt: stamp, updatedAt: stamp, createdBy: visit.staffId,
      branchId: visit.branchId, customerId, title: DEMO_PLAN_TITLES[rows.length % DEMO_PLAN_TITLES.length][input.language], doctorId: visit.staffId,
      status, consultationDate: visit.date, phases, needsBooking: needsBooking(status, phases), copiedFrom: null
    }))
  }
  if (rows.length) await db(TREATMENT_PLAN_TABLE).insert(rows)
  return rows.length
}
