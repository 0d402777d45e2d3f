import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { PrintTemplate, PrintTemplateData, PrintTemplatePatch, PrintTemplateQuery } from './print-templates.schema'

export type { PrintTemplate, PrintTemplateData, PrintTemplatePatch, PrintTemplateQuery }
export type PrintTemplateParams = RecordParams & { query?: PrintTemplateQuery }

export const PRINT_TEMPLATES_TABLE = 'print_templates'

/**
 * A clinic's own texts of one kind of document in one language (a unique index keeps it one under
 * concurrency). Without one the shipped texts are printed; removing one goes back to them.
 */
export class PrintTemplateService extends RecordService<PrintTemplate, PrintTemplateData, PrintTemplateParams, PrintTemplatePatch> {}

export const printTemplateServiceOptions = (app: Application) => recordOptions(app, PRINT_TEMPLATES_TABLE, { trash: false, uniqueKey: { index: 'print_templates_key', path: 'kind' } })
export const printTemplateRowShape = { json: ['signatures'] }
