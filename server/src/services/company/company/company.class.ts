import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { Company, CompanyPatch, CompanyQuery } from './company.schema'

export type CompanyParams = RecordParams & { query?: CompanyQuery }

/** The company record; a plain record service (the 'mine' id is resolved by a hook). */
export class CompanyService extends RecordService<Company, Partial<Company>, CompanyParams, CompanyPatch> {}

export const companyServiceOptions = (app: Application) => recordOptions(app, 'companies')
export const companyRowShape = { json: ['modules', 'settings'], instant: ['subscriptionEndsAt'] }
