import { clientService } from '../../../client-service'
import type { TimeTemplate, TimeTemplateData, TimeTemplatePatch, TimeTemplateQuery, TimeTemplateService } from './time-templates.class'

export type { TimeTemplate, TimeTemplateData, TimeTemplatePatch, TimeTemplateQuery }

/** The spec's path (section 7): named day patterns ("Morning shift") to fill working hours with. */
export const timeTemplatePath = 'time-templates'
export const timeTemplateMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type TimeTemplateClientService = Pick<TimeTemplateService, (typeof timeTemplateMethods)[number]>
export const timeTemplateClient = clientService<TimeTemplateClientService>()(timeTemplatePath, timeTemplateMethods)
