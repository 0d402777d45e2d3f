import { Conflict } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { clinicError } from '../../../errors'
import type { PrintTemplate, PrintTemplateData, PrintTemplatePatch, PrintTemplateQuery } from './print-templates.schema'

export type { PrintTemplate, PrintTemplateData, PrintTemplatePatch, PrintTemplateQuery }
export type PrintTemplateParams = RecordParams & { query?: PrintTemplateQuery }

export const PRINT_TEMPLATES_TABLE = 'print_templates'

const isKeyClash = (error: unknown) => /print_templates_key|print_templates\.companyId/i.test(String((error as Error)?.message ?? ''))

/**
 * A clinic's own texts of one kind of document in one language (a unique index keeps it one under
 * concurrency). Without one the shipped texts are printed; removing one goes back to them.
 */
export class PrintTemplateService extends RecordService<PrintTemplate, PrintTemplateData, PrintTemplateParams, PrintTemplatePatch> {
  override async _create(data: PrintTemplateData, params?: PrintTemplateParams): Promise<PrintTemplate>
  override async _create(data: PrintTemplateData[], params?: PrintTemplateParams): Promise<PrintTemplate[]>
  override async _create(data: PrintTemplateData | PrintTemplateData[], params?: PrintTemplateParams): Promise<PrintTemplate | PrintTemplate[]> {
    try {
      return await super._create(data as PrintTemplateData, params)
    } catch (error) {
      if (isKeyClash(error)) throw clinicError(Conflict, 'conflict', 'kind')
      throw error
    }
  }
}

export const printTemplateServiceOptions = (app: Application) => recordOptions(app, PRINT_TEMPLATES_TABLE, { trash: false })
export const printTemplateRowShape = { json: ['signatures'] }
