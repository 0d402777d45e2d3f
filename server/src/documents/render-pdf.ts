import type { DocumentContext } from '../../../domain/documents/context'
import type { DocumentKind, ReceiptPaper } from '../../../domain/documents/kinds'
import type { DocumentTemplateTexts } from '../../../domain/documents/template'
import { configurePdfmake } from './fonts'
import { buildInput } from './kinds/build-input'
import { documentBuilders } from './kinds'
import { signatureBlock, type SignatureStamp } from './kinds/signature-block'

export interface RenderOptions {
  /** The receipt's paper; other kinds print on A4. Default 80 mm. */
  paper?: ReceiptPaper
  /** A signed document: the signature block is printed after the contents. */
  signature?: SignatureStamp
}

/**
 * A document as PDF bytes: the kind's builder draws its fixed structure around the template's
 * texts (variables filled from the context) and pdfmake lays it out with DejaVu Sans. The same
 * kind, context, texts and options give the same bytes (the PDF's dates are `printedAt`).
 */
export async function renderDocumentPdf(kind: DocumentKind, context: DocumentContext, texts: DocumentTemplateTexts, options: RenderOptions = {}): Promise<Buffer> {
  const builder = documentBuilders[kind]
  if (!builder) throw new RangeError(`unknown document kind: ${String(kind)}`)
  if (Number.isNaN(Date.parse(context.printedAt))) throw new RangeError('printedAt is not a date')
  const input = buildInput(context, texts, options.paper ?? '80mm')
  const definition = builder(input)
  if (options.signature) definition.content = [...definition.content, signatureBlock(input, options.signature)]
  return configurePdfmake().createPdf(definition).getBuffer()
}
