/**
 * The shape of a pdfmake document definition, as loose as pdfmake itself (it ships no types):
 * enough for the builders to be type-checked where it matters (the content tree).
 */
export type Content = string | Content[] | ContentObject
export interface ContentObject {
  [key: string]: unknown
}

export interface DocDefinition {
  content: Content[]
  pageSize: 'A4' | { width: number; height: number | 'auto' }
  pageOrientation?: 'portrait' | 'landscape'
  pageMargins: [number, number, number, number]
  defaultStyle: ContentObject
  styles?: Record<string, ContentObject>
  header?: Content | ((currentPage: number, pageCount: number) => Content)
  footer?: Content | ((currentPage: number, pageCount: number) => Content)
  [key: string]: unknown
}
