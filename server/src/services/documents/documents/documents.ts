import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import type { RecordScope } from '../../../access/record-scope'
import { patientAudience } from '../../customers/customers/patient-audience'
import { DOCUMENTS_TABLE, DocumentService, documentRowShape, documentServiceOptions, type PrintedDocument } from './documents.class'
import { documentDataSchema, documentExternalResolver, documentPatchSchema, documentPatchValidator, documentQueryValidator, documentResolver } from './documents.schema'
import { documentMethods, documentPath } from './documents.shared'
import { prepareDocument } from './document-print'
import { findVisibleDocuments, visibleDocument } from './document-visibility'

declare module '../../../declarations' {
  interface ServiceTypes {
    [documentPath]: DocumentService
  }
}

/** Who sees which documents: those who see their patient. */
const documentScope: RecordScope = { customer: { field: 'customerId' } }

/** A patient's document reaches the people who see its patient and may view documents; a daily log only its printer (in the answer). */
const publishDocument = (app: Application) => (data: unknown, context?: HookContext) => {
  const document = data as PrintedDocument
  return document.customerId ? patientAudience(app, { companyId: document.companyId, customerId: document.customerId }, 'documents', context) : undefined
}

/**
 * `documents` (issue 17): the documents printed for patients, each kept as printed (kind,
 * language, version, copy, who and when, the PDF's SHA-256 and bytes). A create prints one: see
 * document-print.ts. The PDF is downloaded over HTTP (server/src/http/document-routes.ts) with
 * the signed link of the answer, read through `get` as the reader.
 */
export function documents(app: Application) {
  registerService(app, documentPath, new DocumentService({ ...documentServiceOptions(app), scope: documentScope }, documentRowShape), {
    methods: [...documentMethods],
    tables: [DOCUMENTS_TABLE],
    customerRows: [{ table: DOCUMENTS_TABLE, column: 'customerId' }],
    access: {
      data: { create: documentDataSchema, patch: documentPatchSchema },
      // Withdrawing a request for a signature is part of asking for it: the same right as printing.
      methods: standardAccess('documents', { patch: { resource: 'documents', flag: 'create' } }),
      refuses: {
        update: 'a printed document is kept as it was printed; the one change (withdrawing a request for a signature) is a patch',
        remove: 'a printed document is kept as it was printed (the record of what a patient was given)'
      }
    },
    // The log names a print by its heading, version and whether it was a copy (the kind and the hash are codes).
    activity: { changes: (_context, result) => ({ title: result.title, version: result.version, copy: result.copy, status: result.status }) },
    prepare: { create: prepareDocument },
    hooks: {
      around: { all: [resolveExternal(documentExternalResolver), resolveResult(documentResolver)] },
      before: {
        all: [checkId(), schemaHooks.validateQuery(documentQueryValidator), companyScope],
        find: [findVisibleDocuments],
        get: [visibleDocument],
        patch: [schemaHooks.validateData(documentPatchValidator), visibleDocument]
      }
    },
    publish: publishDocument(app)
  })
}
