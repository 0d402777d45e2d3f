import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { CustomField, CustomFieldData, CustomFieldPatch, CustomFieldQuery } from './fields.schema'

export type { CustomField, CustomFieldData, CustomFieldPatch, CustomFieldQuery }
export type CustomFieldParams = RecordParams & { query?: CustomFieldQuery }

export class CustomFieldService extends RecordService<CustomField, CustomFieldData, CustomFieldParams, CustomFieldPatch> {}

export const customFieldServiceOptions = (app: Application) => recordOptions(app, 'custom_fields')
export const customFieldRowShape = { json: ['values', 'showIf'], boolean: ['useInProfileCard'] }
