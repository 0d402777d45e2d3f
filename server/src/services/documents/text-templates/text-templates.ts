import { BadRequest, Conflict } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { trimStrings } from '../../../hooks/trim-strings'
import { publishToCompanyWhoMay } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { clinicError } from '../../../errors'
import { dbOf } from '../../../hooks/call-transaction'
import { normalizeCatalogueText } from '../../../../../domain/catalogue/search'
import { TextTemplateService, textTemplateRowShape, textTemplateServiceOptions } from './text-templates.class'
import {
  textTemplateDataResolver,
  textTemplateDataSchema,
  textTemplateDataValidator,
  textTemplateExternalResolver,
  textTemplatePatchResolver,
  textTemplatePatchSchema,
  textTemplatePatchValidator,
  textTemplateQueryValidator,
  textTemplateResolver
} from './text-templates.schema'
import { MAX_TEXT_TEMPLATE_CONTENT, textTemplateMethods, textTemplatePath } from './text-templates.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [textTemplatePath]: TextTemplateService
  }
}

/** Lists come in title order unless the caller sorts. */
function sortByTitle(context: HookContext) {
  const query = context.params.query ?? {}
  if (!query.$sort) context.params.query = { ...query, $sort: { title: 1, _id: 1 } }
}

/**
 * The content keeps its inner line breaks and indents (it is pasted as written) but loses blank
 * lines around it; a too long one gets its own message with the limit (before the schema).
 */
function normaliseContent(context: HookContext) {
  const data = context.data as { content?: unknown } | undefined
  if (!data || typeof data.content !== 'string') return
  const content = data.content.replace(/^\s*\n/, '').trimEnd()
  if (content.length > MAX_TEXT_TEMPLATE_CONTENT) throw clinicError(BadRequest, 'text-template-too-long', 'content', { max: MAX_TEXT_TEMPLATE_CONTENT })
  context.data = { ...data, content }
}

/**
 * The title is the company's only one regardless of case and spaces: the picker tells templates
 * apart by it (the unique index on searchTitle backs this up under concurrency). Checked before
 * the write so the form gets the message at the title field.
 */
async function titleFree(context: HookContext) {
  const title = (context.data as { title?: unknown } | undefined)?.title
  const companyId = context.params.identity?.user.companyId
  if (typeof title !== 'string' || !companyId) return
  const query = dbOf(context.app, context.params)('text_templates').where({ companyId, searchTitle: normalizeCatalogueText(title) })
  if (context.id !== undefined && context.id !== null) query.whereNot('_id', String(context.id))
  if (await query.first('_id')) throw clinicError(Conflict, 'text-template-title-taken', 'title')
}

/**
 * `text-templates`: the company's snippets (issue 17, item 4). Read by everyone who writes notes,
 * exams or messages (the picker of every long text field), managed with `text-templates`
 * create/edit/delete; removing one moves it to the trash; events go to the company's people who
 * may view them.
 */
export function textTemplates(app: Application) {
  registerService(app, textTemplatePath, new TextTemplateService(textTemplateServiceOptions(app), textTemplateRowShape), {
    methods: textTemplateMethods,
    tables: ['text_templates'],
    access: { data: { create: textTemplateDataSchema, patch: textTemplatePatchSchema }, methods: standardAccess('text-templates') },
    hooks: {
      around: {
        all: [resolveExternal(textTemplateExternalResolver), resolveResult(textTemplateResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(textTemplateQueryValidator), companyScope],
        find: [sortByTitle],
        create: [trimStrings('title'), normaliseContent, schemaHooks.validateData(textTemplateDataValidator), titleFree, schemaHooks.resolveData(textTemplateDataResolver)],
        patch: [trimStrings('title'), normaliseContent, schemaHooks.validateData(textTemplatePatchValidator), titleFree, schemaHooks.resolveData(textTemplatePatchResolver)]
      }
    },
    publish: publishToCompanyWhoMay(app, 'text-templates')
  })
}
