import { clientService } from '../../../client-service'
import type { PrintTemplate, PrintTemplateData, PrintTemplatePatch, PrintTemplateQuery, PrintTemplateService } from './print-templates.class'

export type { PrintTemplate, PrintTemplateData, PrintTemplatePatch, PrintTemplateQuery }

/** Our path: the spec names the profile tab `printTemplates` and the screen /company/documents, not a service. */
export const printTemplatePath = 'print-templates'
export const printTemplateMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export type PrintTemplateClientService = Pick<PrintTemplateService, (typeof printTemplateMethods)[number]>

export const MAX_PRINT_TITLE = 300
export const MAX_PRINT_TEXT = 20000
export const MAX_PRINT_SIGNATURES = 6
export const MAX_PRINT_SIGNATURE = 200
export const printTemplateClient = clientService<PrintTemplateClientService>()(printTemplatePath, printTemplateMethods)
