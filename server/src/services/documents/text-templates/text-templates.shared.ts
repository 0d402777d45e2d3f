import { clientService } from '../../../client-service'
import type { TextTemplate, TextTemplateData, TextTemplatePatch, TextTemplateQuery, TextTemplateService } from './text-templates.class'

export type { TextTemplate, TextTemplateData, TextTemplatePatch, TextTemplateQuery }

/** The spec's path; screen /company/text-templates (issue 17, item 4). */
export const textTemplatePath = 'text-templates'
export const textTemplateMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type TextTemplateClientService = Pick<TextTemplateService, (typeof textTemplateMethods)[number]>

export const MAX_TEXT_TEMPLATE_TITLE = 100
/** As long as the longest field it goes into (an exam's free text holds 4000). */
export const MAX_TEXT_TEMPLATE_CONTENT = 4000

/**
 * Where a template is offered: `any` long text field, or only the patient's notes, an exam's
 * fields or the message template editor (docs/decisions/documents-text-templates.md).
 */
export const textTemplatePlaces = ['any', 'notes', 'exam', 'messages'] as const
export type TextTemplatePlace = (typeof textTemplatePlaces)[number]

export const textTemplateClient = clientService<TextTemplateClientService>()(textTemplatePath, textTemplateMethods)
