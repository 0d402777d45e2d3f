import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { DocumentPreviewService, documentPreviewDataSchema, documentPreviewDataValidator } from './document-previews.class'
import { documentPreviewMethods, documentPreviewPath } from './document-previews.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [documentPreviewPath]: DocumentPreviewService
  }
}

/** The caller's company, for the sample's letterhead. */
async function previewCompany(context: HookContext) {
  const companyId = context.params.identity?.user.companyId
  if (!companyId) return
  const company = (await (context.app as Application).service('company').get(companyId)) as { name: string; currency: string; timezone: string }
  ;(context.params as { previewCompany?: unknown }).previewCompany = { name: company.name, currency: company.currency, timezone: company.timezone }
}

/**
 * `document-previews`: the print template editor's preview (issue 17). It writes nothing, so it
 * runs outside any transaction; only those who may change the templates (`company: edit`) use it.
 */
export function documentPreviews(app: Application) {
  registerService(app, documentPreviewPath, new DocumentPreviewService(), {
    methods: [...documentPreviewMethods],
    tables: [],
    transaction: false,
    // A preview changes nothing: the log has nothing to record.
    activity: { skip: true },
    access: {
      data: { create: documentPreviewDataSchema },
      methods: { create: { resource: 'company', flag: 'edit' } },
      refuses: {
        find: 'a preview is made, not kept',
        get: 'a preview is made, not kept',
        update: 'a preview is made, not kept',
        patch: 'a preview is made, not kept',
        remove: 'a preview is made, not kept'
      }
    },
    hooks: {
      before: { create: [schemaHooks.validateData(documentPreviewDataValidator), previewCompany] }
    },
    // Nobody else hears of a preview.
    publish: () => undefined
  })
}
