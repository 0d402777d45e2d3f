/** The part of pdfmake 0.3's server build (`require('pdfmake')`) the documents use; it ships no types. */
declare module 'pdfmake' {
  interface PdfmakeFontFiles {
    normal: string
    bold: string
    italics: string
    bolditalics: string
  }
  interface PdfmakeOutput {
    getBuffer(): Promise<Buffer>
  }
  interface Pdfmake {
    setFonts(fonts: Record<string, PdfmakeFontFiles>): void
    setUrlAccessPolicy(callback: (url: string) => boolean): void
    setLocalAccessPolicy(callback: (path: string) => boolean): void
    createPdf(definition: object): PdfmakeOutput
  }
  const pdfmake: Pdfmake
  export default pdfmake
}
