import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { MAX_CATALOGUE_SEARCH } from '../../../../../domain/catalogue/search'
import { MAX_TEXT_TEMPLATE_CONTENT, MAX_TEXT_TEMPLATE_TITLE, textTemplatePlaces } from './text-templates.shared'

/**
 * A text template (issue 17, item 4): a titled snippet of plain text inserted into a long text
 * field (a note, an exam's findings, a message) with a shortcut. `offeredIn` says where the
 * picker offers it (docs/decisions/documents-text-templates.md).
 */
export const textTemplateSchema = Type.Object(
  {
    ...recordProperties,
    title: Type.String({ minLength: 1, maxLength: MAX_TEXT_TEMPLATE_TITLE }),
    content: Type.String({ minLength: 1, maxLength: MAX_TEXT_TEMPLATE_CONTENT }),
    offeredIn: Type.Union(textTemplatePlaces.map((place) => Type.Literal(place)))
  },
  { $id: 'TextTemplate', additionalProperties: false }
)
export type TextTemplate = Static<typeof textTemplateSchema>
export const textTemplateResolver = resolve<TextTemplate, HookContext>({})
export const textTemplateExternalResolver = resolve<TextTemplate, HookContext>({})

// Data: a title and the content; offered everywhere unless told.
export const textTemplateDataSchema = Type.Intersect(
  [Type.Pick(textTemplateSchema, ['title', 'content']), Type.Partial(Type.Pick(textTemplateSchema, ['offeredIn']))],
  { $id: 'TextTemplateData', additionalProperties: false }
)
export type TextTemplateData = Static<typeof textTemplateDataSchema>
export const textTemplateDataValidator = getValidator(textTemplateDataSchema, dataValidator)
export const textTemplateDataResolver = resolve<TextTemplate, HookContext>({
  ...recordCreateResolvers,
  offeredIn: async (value) => value ?? 'any'
})

export const textTemplatePatchSchema = Type.Partial(Type.Pick(textTemplateSchema, ['title', 'content', 'offeredIn']), { $id: 'TextTemplatePatch', additionalProperties: false })
export type TextTemplatePatch = Static<typeof textTemplatePatchSchema>
export const textTemplatePatchValidator = getValidator(textTemplatePatchSchema, dataValidator)
export const textTemplatePatchResolver = resolve<TextTemplate, HookContext>({ ...recordPatchResolvers })

// Query: `$search` (a prefix of the title, any case) besides the usual operators; content is not queried.
export const textTemplateQuerySchema = strictQuery(
  Type.Pick(textTemplateSchema, ['_id', 'companyId', 'title', 'offeredIn', 'createdAt', 'updatedAt', 'createdBy']),
  {},
  { $search: Type.String({ maxLength: MAX_CATALOGUE_SEARCH }) }
)
export type TextTemplateQuery = Static<typeof textTemplateQuerySchema>
export const textTemplateQueryValidator = getValidator(textTemplateQuerySchema, queryValidator)
