import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { documentKinds, documentLanguages } from '../../../../../domain/documents/kinds'
import { MAX_PRINT_SIGNATURE, MAX_PRINT_SIGNATURES, MAX_PRINT_TEXT, MAX_PRINT_TITLE } from './print-templates.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/** The texts a clinic edits (domain/documents/template.ts `DocumentTemplateTexts`). */
const texts = {
  title: Type.String({ minLength: 1, maxLength: MAX_PRINT_TITLE }),
  intro: Type.String({ maxLength: MAX_PRINT_TEXT }),
  closing: Type.String({ maxLength: MAX_PRINT_TEXT }),
  signatures: Type.Array(Type.String({ minLength: 1, maxLength: MAX_PRINT_SIGNATURE }), { maxItems: MAX_PRINT_SIGNATURES })
}

// Main: the clinic's own texts of one kind of document in one language.
export const printTemplateSchema = Type.Object(
  { ...recordProperties, kind: literals(documentKinds), language: literals(documentLanguages), ...texts },
  { $id: 'PrintTemplate', additionalProperties: false }
)
export type PrintTemplate = Static<typeof printTemplateSchema>
export const printTemplateResolver = resolve<PrintTemplate, HookContext>({})
export const printTemplateExternalResolver = resolve<PrintTemplate, HookContext>({})

const trimmed = async (value: string | undefined) => value?.trim()
const trimmedList = async (value: string[] | undefined) => value?.map((line) => line.trim()).filter((line) => line !== '')

export const printTemplateDataSchema = Type.Object(
  { kind: literals(documentKinds), language: literals(documentLanguages), ...texts },
  { $id: 'PrintTemplateData', additionalProperties: false }
)
export type PrintTemplateData = Static<typeof printTemplateDataSchema>
export const printTemplateDataValidator = getValidator(printTemplateDataSchema, dataValidator)
export const printTemplateDataResolver = resolve<PrintTemplate, HookContext>({
  ...recordCreateResolvers,
  title: trimmed,
  intro: trimmed,
  closing: trimmed,
  signatures: trimmedList
})

/** Only the texts change; the key (kind, language) is fixed at creation. */
export const printTemplatePatchSchema = Type.Partial(Type.Object(texts), { $id: 'PrintTemplatePatch', additionalProperties: false })
export type PrintTemplatePatch = Static<typeof printTemplatePatchSchema>
export const printTemplatePatchValidator = getValidator(printTemplatePatchSchema, dataValidator)
export const printTemplatePatchResolver = resolve<PrintTemplate, HookContext>({
  ...recordPatchResolvers,
  title: trimmed,
  intro: trimmed,
  closing: trimmed,
  signatures: trimmedList
})

export const printTemplateQuerySchema = strictQuery(Type.Pick(printTemplateSchema, ['_id', 'companyId', 'kind', 'language', 'createdAt', 'updatedAt']))
export type PrintTemplateQuery = Static<typeof printTemplateQuerySchema>
export const printTemplateQueryValidator = getValidator(printTemplateQuerySchema, queryValidator)
