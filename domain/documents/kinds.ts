/**
 * The printed documents the product renders to PDF (issue 17) and the languages their texts are
 * shipped in. A kind fixes the document's structure (its builder on the server draws tables,
 * totals, the dental formula); the clinic edits only the texts around it (template.ts).
 */

export const documentKinds = [
  'receipt',
  'invoice',
  'act',
  'treatment-plan',
  'consent',
  'refusal',
  'contract',
  'medical-card-043',
  'daily-log-037',
  'lab-order'
] as const
export type DocumentKind = (typeof documentKinds)[number]

/** Languages a document is printed in: Uzbek is the Latin script. */
export const documentLanguages = ['ru', 'uz', 'en', 'fi'] as const
export type DocumentLanguage = (typeof documentLanguages)[number]

/** Receipt printer paper widths; every other kind prints on A4. */
export const receiptPapers = ['80mm', '58mm'] as const
export type ReceiptPaper = (typeof receiptPapers)[number]

export const isDocumentKind = (value: unknown): value is DocumentKind =>
  typeof value === 'string' && (documentKinds as readonly string[]).includes(value)

export const isDocumentLanguage = (value: unknown): value is DocumentLanguage =>
  typeof value === 'string' && (documentLanguages as readonly string[]).includes(value)
