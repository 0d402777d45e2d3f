import { clientService } from '../../../client-service'
import type { DocumentPreview, DocumentPreviewData, DocumentPreviewService } from './document-previews.class'

export type { DocumentPreview, DocumentPreviewData }

/** Our path: the template editor's preview (the spec names no service for it). */
export const documentPreviewPath = 'document-previews'
export const documentPreviewMethods = ['create'] as const
export type DocumentPreviewClientService = Pick<DocumentPreviewService, (typeof documentPreviewMethods)[number]>

export const documentPreviewClient = clientService<DocumentPreviewClientService>()(documentPreviewPath, documentPreviewMethods)
