import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { DayIntervalsSchema } from '../../../schema/schedule'

// Main: a named day of working intervals, stored sorted (checked by checkIntervals).
export const timeTemplateSchema = Type.Object(
  { ...recordProperties, name: Type.String({ minLength: 1, maxLength: 100 }), intervals: DayIntervalsSchema },
  { $id: 'TimeTemplate', additionalProperties: false }
)
export type TimeTemplate = Static<typeof timeTemplateSchema>
export const timeTemplateResolver = resolve<TimeTemplate, HookContext>({})
export const timeTemplateExternalResolver = resolve<TimeTemplate, HookContext>({})

export const timeTemplateDataSchema = Type.Pick(timeTemplateSchema, ['name', 'intervals'], { $id: 'TimeTemplateData', additionalProperties: false })
export type TimeTemplateData = Static<typeof timeTemplateDataSchema>
export const timeTemplateDataValidator = getValidator(timeTemplateDataSchema, dataValidator)
export const timeTemplateDataResolver = resolve<TimeTemplate, HookContext>({ ...recordCreateResolvers })

export const timeTemplatePatchSchema = Type.Partial(Type.Pick(timeTemplateSchema, ['name', 'intervals']), { $id: 'TimeTemplatePatch', additionalProperties: false })
export type TimeTemplatePatch = Static<typeof timeTemplatePatchSchema>
export const timeTemplatePatchValidator = getValidator(timeTemplatePatchSchema, dataValidator)
export const timeTemplatePatchResolver = resolve<TimeTemplate, HookContext>({ ...recordPatchResolvers })

export const timeTemplateQuerySchema = strictQuery(Type.Pick(timeTemplateSchema, ['_id', 'companyId', 'name', 'createdAt', 'updatedAt']))
export type TimeTemplateQuery = Static<typeof timeTemplateQuerySchema>
export const timeTemplateQueryValidator = getValidator(timeTemplateQuerySchema, queryValidator)
