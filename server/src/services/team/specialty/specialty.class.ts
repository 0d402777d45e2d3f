import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { Specialty, SpecialtyData, SpecialtyPatch, SpecialtyQuery } from './specialty.schema'

export type { Specialty, SpecialtyData, SpecialtyPatch, SpecialtyQuery }
export type SpecialtyParams = RecordParams & { query?: SpecialtyQuery }

/**
 * Specialties. A removed one goes to trash; team members who had it lose it at once (the
 * database sets their specialtyId to null), and a restore brings the specialty back without
 * giving it back to them. A restore is a conflict when the name was taken meanwhile.
 */
export class SpecialtyService extends RecordService<Specialty, SpecialtyData, SpecialtyParams, SpecialtyPatch> {}

export const specialtyServiceOptions = (app: Application) => recordOptions(app, 'specialties')
