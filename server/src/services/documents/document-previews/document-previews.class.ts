import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { Params } from '@feathersjs/feathers'
import { dataValidator } from '../../../validators'
import { documentKinds, documentLanguages, receiptPapers } from '../../../../../domain/documents/kinds'
import { documentContextSample } from '../../../../../domain/documents/sample-context'
import { renderDocumentPdf } from '../../../documents/render-pdf'
import { printTemplateDataSchema } from '../print-templates/print-templates.schema'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/** What the editor shows: its unsaved texts of a kind and language, printed for a sample patient. */
export const documentPreviewDataSchema = Type.Object(
  {
    kind: literals(documentKinds),
    language: literals(documentLanguages),
    title: printTemplateDataSchema.properties.title,
    intro: printTemplateDataSchema.properties.intro,
    closing: printTemplateDataSchema.properties.closing,
    signatures: printTemplateDataSchema.properties.signatures,
    paper: Type.Optional(literals(receiptPapers))
  },
  { $id: 'DocumentPreviewData', additionalProperties: false }
)
export type DocumentPreviewData = Static<typeof documentPreviewDataSchema>
export const documentPreviewDataValidator = getValidator(documentPreviewDataSchema, dataValidator)

export interface DocumentPreview {
  /** The PDF, base64. */
  pdf: string
  size: number
}

/**
 * Renders a template's texts for a sample patient (domain/documents/sample-context.ts) without
 * keeping anything: the clinic sees its wording before it saves it. The company's name and
 * currency are the caller's, so the preview looks like the clinic's own paper.
 */
export class DocumentPreviewService {
  async create(data: DocumentPreviewData, params?: Params & { previewCompany?: { name: string; currency: string; timezone: string } }): Promise<DocumentPreview> {
    const company = params?.previewCompany
    const sample = documentContextSample(data.language)
    const context = company ? { ...sample, currency: company.currency, timeZone: company.timezone, company: { ...sample.company, name: company.name } } : sample
    const { kind, paper, title, intro, closing, signatures } = data
    const bytes = await renderDocumentPdf(kind, { ...context, printedAt: new Date().toISOString() }, { title, intro, closing, signatures }, paper ? { paper } : {})
    return { pdf: bytes.toString('base64'), size: bytes.length }
  }
}
