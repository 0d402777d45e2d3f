import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { findOfVisibleCustomer, ofVisibleCustomer } from '../../../hooks/customer-visibility'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import type { RecordScope } from '../../../access/record-scope'
import { patientAudience } from '../../customers/customers/patient-audience'
import {
  DOCUMENT_SIGNATURES_TABLE,
  DocumentSignatureService,
  documentSignatureRowShape,
  documentSignatureServiceOptions,
  type DocumentSignature
} from './document-signatures.class'
import { documentSignatureDataSchema, documentSignatureExternalResolver, documentSignatureQueryValidator, documentSignatureResolver } from './document-signatures.schema'
import { documentSignatureMethods, documentSignaturePath } from './document-signatures.shared'
import { prepareSignature } from './document-signing'

declare module '../../../declarations' {
  interface ServiceTypes {
    [documentSignaturePath]: DocumentSignatureService
  }
}

/** Who sees which signatures: those who see their patient. */
const signatureScope: RecordScope = { customer: { field: 'customerId' } }

/** A signature reaches the people who see its patient and may view documents (without its strokes: hidden columns never leave). */
const publishSignature = (app: Application) => (data: unknown, context?: HookContext) => {
  const signature = data as DocumentSignature
  return signature.customerId ? patientAudience(app, { companyId: signature.companyId, customerId: signature.customerId }, 'documents', context) : undefined
}

/** get answers whether the signature still proves its document (document-signatures.class.ts `verify`). */
async function withVerified(context: HookContext) {
  const service = context.service as DocumentSignatureService
  const signature = context.result as DocumentSignature
  context.result = { ...signature, verified: await service.verify(signature, context.params) }
}

/**
 * `document-signatures` (issue 17, item 2; docs/decisions/documents-signing.md): a patient's or
 * representative's signature of a document awaiting one, given on a tablet. The create renders
 * and stores the signed PDF before its transaction (document-signing.ts), then signs the document
 * and writes the signature as the next link of the company's chain of signed PDFs.
 */
export function documentSignatures(app: Application) {
  registerService(app, documentSignaturePath, new DocumentSignatureService({ ...documentSignatureServiceOptions(app), scope: signatureScope }, documentSignatureRowShape), {
    methods: [...documentSignatureMethods],
    tables: [DOCUMENT_SIGNATURES_TABLE],
    customerRows: [{ table: DOCUMENT_SIGNATURES_TABLE, column: 'customerId' }],
    access: {
      data: { create: documentSignatureDataSchema },
      methods: standardAccess('documents'),
      refuses: {
        update: 'a signature is kept as it was given',
        patch: 'a signature is kept as it was given; a changed document is signed again as a new version',
        remove: 'a signature is kept as it was given (the proof that a document was signed)'
      }
    },
    // The log names the signature by its document, signer and the chain hash that proves it.
    activity: {
      changes: (_context, result) => ({ documentId: result.documentId, signer: result.signer, signerName: result.signerName, pdfSha256: result.pdfSha256, chainHash: result.chainHash })
    },
    prepare: { create: prepareSignature },
    hooks: {
      around: { all: [resolveExternal(documentSignatureExternalResolver), resolveResult(documentSignatureResolver)] },
      before: {
        all: [checkId(), schemaHooks.validateQuery(documentSignatureQueryValidator), companyScope],
        find: [findOfVisibleCustomer({ createdAt: -1, _id: -1 })],
        get: [ofVisibleCustomer]
      },
      after: { get: [withVerified] }
    },
    publish: publishSignature(app)
  })
}
