import { Forbidden } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { asCaller } from '../../../access/caller'
import { clinicError } from '../../../errors'
import { hasPermission } from '../../../../../domain/access/check'
import { ageOn } from '../../../../../domain/documents/format'
import type { DocumentDailyLog, DocumentDailyLogRow } from '../../../../../domain/documents/context'
import type { DocumentLanguage } from '../../../../../domain/documents/kinds'
import { icdTitles } from './medical-card'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- other services' answers, read by the fields a document prints
type Row = Record<string, any>

/** Visits the 037/у log lists: the patient came (docs/decisions/documents.md, "Daily log"). */
export const DAILY_LOG_STATUSES = ['arrived', 'started', 'completed'] as const
/** A doctor's day has far fewer visits; the appointment service's own page limit. */
const MAX_VISITS = 200

const rowsOf = (answer: unknown): Row[] => (Array.isArray(answer) ? answer : ((answer as { data?: Row[] }).data ?? []))
const internal = (query: Row) => ({ paginate: false, query }) as Params

/**
 * Whose log a caller may print or read: their own, or any doctor's with `seeAll` on appointment
 * (the same rule as the calendar: a doctor without it sees only their own visits).
 */
export function assertMaySeeDoctorDay(params: Params, doctorId: string) {
  const identity = params.identity!
  if (doctorId === identity.user._id) return
  if (!hasPermission(identity.role.permissions, 'appointment', 'seeAll')) throw clinicError(Forbidden, 'appointment-own-only', 'doctorId')
}

/** Labour units (hundredths) of each nomenclature code: the company's own codes over the shipped ones. */
async function unitsByCode(app: Application, companyId: string, codes: string[]): Promise<Map<string, number>> {
  const units = new Map<string, number>()
  if (codes.length === 0) return units
  const rows = rowsOf(await app.service('manipulations').find(internal({ code: { $in: codes } })))
  for (const row of rows) {
    if (row.companyId && row.companyId !== companyId) continue
    if (typeof row.uet !== 'number') continue
    if (!units.has(row.code) || row.companyId) units.set(row.code, row.uet)
  }
  return units
}

/**
 * The dentist's daily log 037/у for one doctor and day: the visits the patient came to, read as
 * the caller (their branches); each patient's age, whether it is their first visit this year,
 * the day's diagnoses (for those who may read them) and treatments, and the labour units of the
 * treatments whose code is in the company's nomenclature. Nothing is written. The caller's right
 * to this doctor's day is checked first (`assertMaySeeDoctorDay`, by the print's subject).
 */
export async function dailyLogOf(app: Application, params: Params, doctorId: string, day: string, doctorName: string, language: DocumentLanguage): Promise<DocumentDailyLog> {
  const companyId = params.identity!.user.companyId as string
  const visits = rowsOf(
    await app.service('appointment').find({
      ...asCaller(params),
      query: { companyId, staffId: doctorId, date: day, status: { $in: [...DAILY_LOG_STATUSES] }, $sort: { start: 1 }, $limit: MAX_VISITS }
    } as Params)
  )
  const customerIds = [...new Set(visits.map((visit) => visit.customerId as string))]
  const visitIds = visits.map((visit) => visit._id as string)
  const yearStart = `${day.slice(0, 4)}-01-01`
  const [customers, earlier, lines] = await Promise.all([
    customerIds.length === 0 ? [] : rowsOf(await app.service('customers').find(internal({ companyId, _id: { $in: customerIds }, $select: ['_id', 'first_name', 'last_name', 'middle_name', 'birthdate'] }))),
    // Visits earlier this year with any doctor: a first visit is counted once a year (037/у-88).
    customerIds.length === 0
      ? []
      : rowsOf(await app.service('appointment').find(internal({ companyId, customerId: { $in: customerIds }, date: { $gte: yearStart, $lt: day }, status: { $in: [...DAILY_LOG_STATUSES] }, $select: ['_id', 'customerId'] }))),
    visitIds.length === 0 ? [] : rowsOf(await app.service('treatment').find(internal({ companyId, appointmentId: { $in: visitIds }, $sort: { createdAt: 1 } })))
  ])
  const byId = new Map(customers.map((customer) => [customer._id as string, customer]))
  const returning = new Set(earlier.map((visit) => visit.customerId as string))
  const seesDiagnoses = hasPermission(params.identity!.role.permissions, 'exam', 'view')
  const present = <K extends string>(values: Array<K | null | undefined>) => [...new Set(values.filter((value): value is K => Boolean(value)))]
  const [units, titles] = await Promise.all([
    unitsByCode(app, companyId, present(lines.map((line) => line.serviceCode as string | null))),
    seesDiagnoses ? icdTitles(app, companyId, present(lines.map((line) => line.icdCode as string | null)), language) : new Map<string, string>()
  ])

  const rows = visits.map((visit, index): DocumentDailyLogRow => {
    const customer = byId.get(visit.customerId) ?? {}
    const own = lines.filter((line) => line.appointmentId === visit._id)
    const diagnoses = seesDiagnoses ? present(own.map((line) => line.icdCode as string | null)) : []
    const hundredths = own.reduce((sum, line) => sum + (units.get(line.serviceCode) ?? 0) * line.quantity, 0)
    return {
      no: index + 1,
      time: visit.time,
      patientName: [customer.last_name, customer.first_name, customer.middle_name].filter((part) => part && String(part).trim() !== '').join(' '),
      age: ageOn(customer.birthdate ?? undefined, day),
      firstVisit: !returning.has(visit.customerId),
      cardNumber: String(visit.customerId).slice(-8).toUpperCase(),
      diagnosis: diagnoses.map((code) => `${code} ${titles.get(code) ?? ''}`.trim()).join('; ') || undefined,
      treatment: own.map((line) => (line.quantity > 1 ? `${line.serviceName} × ${line.quantity}` : line.serviceName)).join('; ') || undefined,
      uet: hundredths > 0 ? hundredths / 100 : undefined
    }
  })
  return { doctorName, date: day, rows }
}
