import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { TimeTemplate, TimeTemplateData, TimeTemplatePatch, TimeTemplateQuery } from './time-templates.schema'

export type { TimeTemplate, TimeTemplateData, TimeTemplatePatch, TimeTemplateQuery }
export type TimeTemplateParams = RecordParams & { query?: TimeTemplateQuery }

/** A company's time templates. Applying one copies its intervals into a schedule: no link stays. */
export class TimeTemplateService extends RecordService<TimeTemplate, TimeTemplateData, TimeTemplateParams, TimeTemplatePatch> {}

export const timeTemplateServiceOptions = (app: Application) => recordOptions(app, 'time_templates')
export const timeTemplateRowShape = { json: ['intervals'] }
