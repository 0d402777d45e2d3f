import { clientService } from '../../../client-service'
import type { DocumentSignature, DocumentSignatureData, DocumentSignatureQuery, DocumentSignatureService } from './document-signatures.class'

export type { DocumentSignature, DocumentSignatureData, DocumentSignatureQuery }

export const documentSignaturePath = 'document-signatures'
/** A signature is kept as it was given: never changed or removed. */
export const documentSignatureMethods = ['find', 'get', 'create'] as const
export type DocumentSignatureClientService = Pick<DocumentSignatureService, (typeof documentSignatureMethods)[number]>

export const documentSignatureClient = clientService<DocumentSignatureClientService>()(documentSignaturePath, documentSignatureMethods)
