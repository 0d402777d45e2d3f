import { Forbidden } from '@feathersjs/errors'
import type { Paginated, Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { asCaller } from '../../../access/caller'
import { identityMayCall } from '../../../access/access'
import { clinicError } from '../../../errors'
import type { ToothEvent } from '../tooth/tooth.shared'
import type { Exam } from '../exam/exam.shared'
import type { PerioChartRecord } from '../perio/perio.shared'
import type { TreatmentLine } from '../treatment/treatment.shared'
import type { TreatmentPlan } from '../treatment-plan/treatment-plan.shared'
import type { TreatmentRecordQuery } from './treatment-record.schema'
import { TREATMENT_RECORD_QUERIES, treatmentRecordSections, type TreatmentRecordSection } from '../../../../../domain/clinical/treatment-record'

export type { TreatmentRecordQuery }
export type TreatmentRecordParams = Params<TreatmentRecordQuery>

/** Each section's list as its own find pages it; a section the caller may not read is absent. */
export interface TreatmentRecord {
  tooth?: Paginated<ToothEvent>
  exam?: Paginated<Exam>
  perio?: Paginated<PerioChartRecord>
  treatment?: Paginated<TreatmentLine>
  'treatment-plan'?: Paginated<TreatmentPlan>
}

/**
 * `treatment-record` find: the treatment tab's lists in one call (issue 14: one round trip and one
 * identity read instead of five). Each list is read through its own service on the caller's
 * behalf (asCaller), so every rule of theirs applies as if the screen had called it: the
 * permission and module, the patient's visibility, hidden fields, the exam read recorded in the
 * activity log. Sections are read at once; the patient's visibility check is shared by them
 * (customer-visibility.ts).
 */
export class TreatmentRecordService {
  constructor(private readonly app: Application) {}

  async find(params: TreatmentRecordParams): Promise<TreatmentRecord> {
    const { companyId, customerId } = params.query!
    const identity = params.identity
    const readable = treatmentRecordSections.filter((section) => !params.provider || (identity !== undefined && identityMayCall(identity, section, 'find')))
    if (readable.length === 0) throw clinicError(Forbidden, 'forbidden', undefined, { resource: 'tooth', flag: 'view' })
    const pages = await Promise.all(readable.map((section) => this.section(section, { ...(companyId ? { companyId } : {}), customerId }, params)))
    return Object.fromEntries(readable.map((section, index) => [section, pages[index]])) as TreatmentRecord
  }

  private section(section: TreatmentRecordSection, patient: { companyId?: string; customerId: string }, params: TreatmentRecordParams): Promise<Paginated<unknown>> {
    const service = this.app.service(section) as unknown as { find(params: Params): Promise<Paginated<unknown>> }
    return service.find({ ...asCaller(params), query: { ...patient, ...TREATMENT_RECORD_QUERIES[section] } })
  }
}
