import type { Application } from '../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../record.class'
import type { Specialty, SpecialtyData, SpecialtyPatch, SpecialtyQuery } from './specialty.schema'

export type { Specialty, SpecialtyData, SpecialtyPatch, SpecialtyQuery }
export type SpecialtyParams = RecordParams & { query?: SpecialtyQuery }

export class SpecialtyService extends RecordService<Specialty, SpecialtyData, SpecialtyParams, SpecialtyPatch> {}

export const specialtyServiceOptions = (app: Application) => recordOptions(app, 'specialties')
