import { Type, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { recordCreateResolvers } from '../../../schema/record'
import { MAX_TITLE } from '../../../../../domain/clinical/codes/titles'

export { MAX_TITLE }

const title = Type.String({ minLength: 1, maxLength: MAX_TITLE })

/**
 * Titles per language (domain/clinical/codes/titles.ts). Every answer carries all of them: a
 * screen shows its locale's title and a printout or another person's screen may need another,
 * so no second round trip is needed when the language changes.
 */
export const titlesSchema = Type.Object(
  { ru: Type.Optional(title), en: Type.Optional(title), uz: Type.Optional(title), fi: Type.Optional(title) },
  { additionalProperties: false }
)
export type TitlesValue = Static<typeof titlesSchema>

/** The company of an entry: null for an entry shipped with the program (everyone's, read-only). */
export const ownerSchema = Type.Union([Type.String({ format: 'uuid' }), Type.Null()])

/** The search box (`text`): words matched in the code and every title, in any order. */
export const searchTextSchema = Type.String({ maxLength: 100 })

/**
 * The record columns stamped on create (schema/record.ts), for an entry whose company may be
 * none: from outside always the caller's company; the server's own calls say theirs.
 */
export const entryCreateResolvers = {
  ...recordCreateResolvers,
  companyId: async (value: string | null | undefined, _data: unknown, context: HookContext) =>
    context.params.provider ? context.params.identity!.user.companyId : (value ?? null)
}
